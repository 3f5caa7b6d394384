-- A search of favourite pieces walks the shopper's likes and checks the words of each like's
-- pieces. They came from items, one probe of items_words_by_id_idx (0069) a piece, five a like:
-- for a heavy shopper's walk, most of the statement's time (the performance log has the figures).
--
-- A piece now carries its words, as it carries its look (0019), so a like's pieces and their words
-- are one read of the outfit's rows. Writers of outfit_items name the item alone: the look's
-- trigger copies the words too. An item's words change with its name or seller (its colour never
-- does, 0008), and a trigger writes them again to every piece that is that item.
--
-- Filling the copies changes no outfit, so outfit_items' own triggers are off while it runs.
ALTER TABLE outfit_items ADD COLUMN words text, DISABLE TRIGGER USER;
UPDATE outfit_items oi SET words = i.search_text
  FROM items i
 WHERE i.id = oi.item_id;
ALTER TABLE outfit_items ALTER COLUMN words SET NOT NULL, ENABLE TRIGGER USER;

CREATE OR REPLACE FUNCTION outfit_items_copy_look() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT i.product_id, i.color, i.search_text INTO NEW.product_id, NEW.color, NEW.words
    FROM items i
   WHERE i.id = NEW.item_id;
  RETURN NEW;
END $$;

CREATE FUNCTION items_words_to_pieces() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE outfit_items SET words = NEW.search_text WHERE item_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER items_words_to_pieces AFTER UPDATE OF name, seller ON items
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text)
  EXECUTE FUNCTION items_words_to_pieces();
