-- A closet category's pieces searched for a word walk the shopper's pieces of that category in
-- order and read each one's item for its words, a probe a piece whether it matches or not: the
-- heavy shopper's search cost PostgreSQL about four times a typical one's (the performance log
-- has the figures). A closet piece now carries its item's words as a favourite does (0072), so
-- the walk checks the row it already reads, and reads the items of the pieces it shows alone.
--
-- Filling the copies changes no piece, so closet_items' own triggers (the closet's outfits and
-- tallies) are off.
ALTER TABLE closet_items ADD COLUMN words text, DISABLE TRIGGER USER;
UPDATE closet_items c SET words = i.search_text
  FROM items i
 WHERE i.id = c.item_id;
ALTER TABLE closet_items ALTER COLUMN words SET NOT NULL, ENABLE TRIGGER USER;

-- The shared function of 0027 and 0037 has served closet_items alone since 0072. A piece now
-- takes its product from the item too, as an outfit's piece does (0019): the renamed words below
-- find their rows by it, and a copy written by hand is put right.
CREATE FUNCTION closet_items_copy_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT i.product_id, i.category_id, i.search_text
    INTO NEW.product_id, NEW.category_id, NEW.words
    FROM items i
   WHERE i.id = NEW.item_id;
  RETURN NEW;
END $$;
DROP TRIGGER closet_items_copy_category ON closet_items;
DROP FUNCTION copy_item_category();
CREATE TRIGGER closet_items_copy_item
  BEFORE INSERT OR UPDATE OF item_id, product_id, category_id, words ON closet_items
  FOR EACH ROW EXECUTE FUNCTION closet_items_copy_item();

-- A renamed piece's words reach its closet rows too; the item's product narrows them by
-- closet_items_product_idx, as closet_items has no index by item alone.
CREATE OR REPLACE FUNCTION items_words_to_pieces() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE outfit_items SET words = NEW.search_text WHERE item_id = NEW.id;
  UPDATE item_favorites SET words = NEW.search_text
   WHERE item_id = NEW.id AND words IS DISTINCT FROM NEW.search_text;
  UPDATE closet_items SET words = NEW.search_text
   WHERE product_id = NEW.product_id AND item_id = NEW.id
     AND words IS DISTINCT FROM NEW.search_text;
  RETURN NULL;
END $$;

-- A closet's outfits follow from which products its shopper owns, and since when (0074). An
-- update of closet pieces worked them out again from its rows after alone, whatever it changed:
-- a piece moved to another product (or shopper) left the outfits of the one it came from behind,
-- and a piece bought again, or the words copied above, worked out every outfit of its product.
-- An update now works them out from its rows before and after, each by a trigger of its own that
-- names them `changed` (the body is the one insert and delete run), and neither does when no row
-- moved a product or a first purchase. A transition table cannot go with a trigger's column
-- list, so the rows are compared instead.
CREATE OR REPLACE FUNCTION closet_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shoppers integer;
BEGIN
  -- Nested, so that an insert's or a delete's call never plans a read of `other`.
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT user_id, item_id, product_id, first_bought_at FROM changed
                   EXCEPT
                   SELECT user_id, item_id, product_id, first_bought_at FROM other) THEN
      RETURN NULL;
    END IF;
  END IF;
  SELECT count(DISTINCT user_id) INTO shoppers FROM changed;
  IF shoppers = 0 THEN
    RETURN NULL;
  ELSIF shoppers = 1 THEN
    PERFORM pg_advisory_xact_lock_shared(27027);
    PERFORM pg_advisory_xact_lock(27027, (SELECT user_id FROM changed LIMIT 1));
  ELSE
    PERFORM pg_advisory_xact_lock(27027);
  END IF;
  WITH candidates AS (
    SELECT DISTINCT t.user_id, oi.outfit_id
      FROM (SELECT DISTINCT user_id, product_id FROM changed) t
      JOIN outfit_items oi ON oi.product_id = t.product_id
  ), complete AS (
    SELECT k.user_id, k.outfit_id, max(owned.since) AS completed_at
      FROM candidates k
      JOIN outfit_items oi ON oi.outfit_id = k.outfit_id
      LEFT JOIN LATERAL (
        SELECT min(c.first_bought_at) AS since FROM closet_items c
         WHERE c.user_id = k.user_id AND c.product_id = oi.product_id) owned ON true
     GROUP BY k.user_id, k.outfit_id
    HAVING count(*) = 5 AND count(owned.since) = 5
  ), gone AS (
    DELETE FROM closet_outfits co USING candidates k
     WHERE co.user_id = k.user_id AND co.outfit_id = k.outfit_id
       AND NOT EXISTS (SELECT 1 FROM complete c
                        WHERE c.user_id = k.user_id AND c.outfit_id = k.outfit_id)
  )
  INSERT INTO closet_outfits (user_id, outfit_id, occasion_id, completed_at)
  SELECT c.user_id, c.outfit_id, o.occasion_id, c.completed_at
    FROM complete c JOIN outfits o ON o.id = c.outfit_id
  ON CONFLICT (user_id, outfit_id) DO UPDATE SET completed_at = excluded.completed_at
   WHERE closet_outfits.completed_at IS DISTINCT FROM excluded.completed_at;
  RETURN NULL;
END $$;
DROP TRIGGER closet_items_rebought ON closet_items;
CREATE TRIGGER closet_items_updated_to AFTER UPDATE ON closet_items
  REFERENCING OLD TABLE AS other NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION closet_items_changed();
CREATE TRIGGER closet_items_updated_from AFTER UPDATE ON closet_items
  REFERENCING OLD TABLE AS changed NEW TABLE AS other
  FOR EACH STATEMENT EXECUTE FUNCTION closet_items_changed();

-- The same for an outfit's pieces: a renamed piece's words copied to them (0070) worked out the
-- closets of every outfit wearing it again, under the lock every checkout takes. An update that
-- moves no piece to another product, slot or outfit now leaves them be, and one that moves a
-- piece out of an outfit works out the outfit it left too.
CREATE OR REPLACE FUNCTION outfit_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  -- Nested, so that an insert's or a delete's call never plans a read of `earlier`.
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT outfit_id, slot, product_id FROM changed
                   EXCEPT
                   SELECT outfit_id, slot, product_id FROM earlier) THEN
      RETURN NULL;
    END IF;
    SELECT array_agg(outfit_id) INTO touched
      FROM (SELECT outfit_id FROM changed UNION SELECT outfit_id FROM earlier) t;
  ELSE
    SELECT array_agg(DISTINCT outfit_id) INTO touched FROM changed;
  END IF;
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(27027);
  DELETE FROM closet_outfits WHERE outfit_id = ANY(touched);
  INSERT INTO closet_outfits (user_id, outfit_id, occasion_id, completed_at)
  SELECT p.user_id, p.outfit_id, p.occasion_id, max(p.since)
    FROM (SELECT c.user_id, oi.outfit_id, o.occasion_id, oi.slot, min(c.first_bought_at) AS since
            FROM outfit_items oi
            JOIN outfits o ON o.id = oi.outfit_id
            JOIN closet_items c ON c.product_id = oi.product_id
           WHERE oi.outfit_id = ANY(touched)
           GROUP BY c.user_id, oi.outfit_id, o.occasion_id, oi.slot) p
   GROUP BY p.user_id, p.outfit_id, p.occasion_id
  HAVING count(*) = 5
     AND (SELECT count(*) FROM outfit_items s WHERE s.outfit_id = p.outfit_id) = 5;
  RETURN NULL;
END $$;
DROP TRIGGER outfit_items_closets_changed ON outfit_items;
CREATE TRIGGER outfit_items_closets_changed AFTER UPDATE ON outfit_items
  REFERENCING OLD TABLE AS earlier NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION outfit_items_changed();
