-- Search shows one result per product colour: the colour's first item (lowest id). The flag
-- saves a search from looking up the siblings of every match, and lets the trigram indexes it
-- reads hold only those first items (a quarter of the catalogue).
ALTER TABLE items ADD COLUMN colour_lead boolean NOT NULL DEFAULT false;
UPDATE items i
   SET colour_lead = NOT EXISTS (
         SELECT 1 FROM items s WHERE s.product_id = i.product_id AND s.color = i.color AND s.id < i.id
       );

-- Kept right when items come and go. An item's product and colour never change (a different
-- colour is a different item), which the last trigger holds to.
CREATE FUNCTION mark_colour_leads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE items i
     SET colour_lead = (i.id = lead.id)
    FROM (SELECT s.product_id, s.color, min(s.id) AS id
            FROM items s
           WHERE (s.product_id, s.color) IN (SELECT product_id, color FROM changed_rows)
           GROUP BY s.product_id, s.color) lead
   WHERE i.product_id = lead.product_id AND i.color = lead.color
     AND i.colour_lead IS DISTINCT FROM (i.id = lead.id);
  RETURN NULL;
END $$;
CREATE TRIGGER items_colour_leads_insert AFTER INSERT ON items
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_colour_leads();
CREATE TRIGGER items_colour_leads_delete AFTER DELETE ON items
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_colour_leads();

CREATE FUNCTION keep_item_variant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an item''s product and colour cannot change; add a new item instead'
    USING ERRCODE = 'check_violation';
END $$;
CREATE TRIGGER items_keep_variant BEFORE UPDATE OF product_id, color ON items
  FOR EACH ROW WHEN (OLD.product_id IS DISTINCT FROM NEW.product_id OR OLD.color IS DISTINCT FROM NEW.color)
  EXECUTE FUNCTION keep_item_variant();

CREATE INDEX items_lead_search_trgm_idx ON items USING gin (search_text gin_trgm_ops)
  WHERE colour_lead;
CREATE INDEX items_lead_name_trgm_idx ON items USING gin (lower(name) gin_trgm_ops)
  WHERE colour_lead;
-- Only search matched item names, and it now reads colour leads only.
DROP INDEX items_name_trgm_idx;
