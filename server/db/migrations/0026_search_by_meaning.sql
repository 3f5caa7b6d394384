-- Catalogue search reads the words typed as the shop means them and ranks the colour leads that
-- hold them (docs/decisions/003-search-typos-and-paging.md). It finds those leads from indexes:
-- items' own text (name, colour, seller: items_lead_search_trgm_idx, 0008), and the products'
-- text (name, description) and garment, which the shopper's words also name.
ALTER TABLE products
  ADD COLUMN search_text text GENERATED ALWAYS AS (lower(name || ' ' || description)) STORED;
CREATE INDEX products_search_trgm_idx ON products USING gin (search_text gin_trgm_ops);
CREATE INDEX products_garment_idx ON products (garment);

-- Search no longer asks for colour leads whose name holds the phrase typed; nothing else reads it.
DROP INDEX items_lead_name_trgm_idx;
