-- Item search gathers a word's leads (colour leads, 0008) from the products whose name or
-- description holds it. Through items_product_id_idx that read every size of those products
-- from the table, to keep one in two or three; this index holds the leads alone, with their id,
-- so the branch is answered from it.
CREATE INDEX items_lead_product_idx ON items (product_id) INCLUDE (id) WHERE colour_lead;
