-- A search of favourite pieces walks the shopper's hearts too, and read each heart's words from
-- items_words_by_id_idx (0069), one probe a heart: since a like's pieces carry their words (0070),
-- most of a heavy shopper's search (the performance log has the figures). A favourite now
-- carries its item's words as it carries its category (0037), so the walk checks the row it
-- already reads. A trigger copies both from the item; a rename writes the words again (0071).
--
-- Filling the copies changes no heart, so item_favorites' own triggers (announcements) are off.
ALTER TABLE item_favorites ADD COLUMN words text, DISABLE TRIGGER USER;
UPDATE item_favorites f SET words = i.search_text
  FROM items i
 WHERE i.id = f.item_id;
ALTER TABLE item_favorites ALTER COLUMN words SET NOT NULL, ENABLE TRIGGER USER;

-- The closet's rows keep the shared function of 0027 and 0037; favourites get their own.
CREATE FUNCTION item_favorites_copy_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT i.category_id, i.search_text INTO NEW.category_id, NEW.words
    FROM items i
   WHERE i.id = NEW.item_id;
  RETURN NEW;
END $$;
DROP TRIGGER item_favorites_copy_category ON item_favorites;
CREATE TRIGGER item_favorites_copy_item BEFORE INSERT OR UPDATE OF item_id ON item_favorites
  FOR EACH ROW EXECUTE FUNCTION item_favorites_copy_item();

CREATE OR REPLACE FUNCTION items_words_to_pieces() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE outfit_items SET words = NEW.search_text WHERE item_id = NEW.id;
  UPDATE item_favorites SET words = NEW.search_text
   WHERE item_id = NEW.id AND words IS DISTINCT FROM NEW.search_text;
  RETURN NULL;
END $$;
