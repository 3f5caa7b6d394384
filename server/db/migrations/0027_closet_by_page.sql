-- The closet comes a page at a time, after the last entry the previous page showed (decision
-- 008), so each of its lists must be read from an index in its own order.
--
-- Owned pieces of a category, the most recently bought first: a piece carries its category, as
-- outfit pieces do (0019). Checkout names the item alone; a trigger copies the category from it,
-- and the composite key to items refuses one written wrong by hand.
ALTER TABLE closet_items ADD COLUMN category_id smallint;
UPDATE closet_items c SET category_id = i.category_id FROM items i WHERE i.id = c.item_id;
ALTER TABLE closet_items ALTER COLUMN category_id SET NOT NULL,
  ADD CONSTRAINT closet_items_item_category_fkey
    FOREIGN KEY (item_id, category_id) REFERENCES items (id, category_id) ON DELETE RESTRICT;

CREATE FUNCTION closet_items_copy_category() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT i.category_id INTO NEW.category_id FROM items i WHERE i.id = NEW.item_id;
  RETURN NEW;
END $$;
CREATE TRIGGER closet_items_copy_category BEFORE INSERT OR UPDATE OF item_id ON closet_items
  FOR EACH ROW EXECUTE FUNCTION closet_items_copy_category();

CREATE INDEX closet_items_user_category_recent_idx
  ON closet_items (user_id, category_id, last_bought_at DESC, item_id DESC);

-- Closet outfits, the most recently completed first. Whether an outfit is in a closet (all five
-- of its products owned, in any variant) and when it came together (the last of them bought)
-- follow from closet_items and outfit_items; worked out on each read, no index could serve
-- their order and every page cost the whole closet (60–90 ms for a shopper owning a fifth of the
-- catalogue). They are kept here instead, by triggers on both tables, in the transaction that
-- changes either.
CREATE UNIQUE INDEX outfits_id_occasion_key ON outfits (id, occasion_id);

CREATE TABLE closet_outfits (
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  outfit_id    integer NOT NULL,
  -- The outfit's, kept with it by the key when a designer moves it to another occasion.
  occasion_id  smallint NOT NULL,
  completed_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, outfit_id),
  FOREIGN KEY (outfit_id, occasion_id) REFERENCES outfits (id, occasion_id)
    ON UPDATE CASCADE ON DELETE CASCADE
);
CREATE INDEX closet_outfits_user_recent_idx
  ON closet_outfits (user_id, completed_at DESC, outfit_id DESC);
CREATE INDEX closet_outfits_user_occasion_recent_idx
  ON closet_outfits (user_id, occasion_id, completed_at DESC, outfit_id DESC);
CREATE INDEX closet_outfits_outfit_id_idx ON closet_outfits (outfit_id);
-- A redesigned outfit is checked against every closet holding its products.
CREATE INDEX closet_items_product_idx ON closet_items (product_id, user_id) INCLUDE (last_bought_at);

-- Two transactions changing one shopper's closet, or a closet and an outfit, at once would each
-- miss the other's rows: a shopper's closet is worked out under a lock of their own and a shared
-- one, an outfit (or many shoppers' closets in one statement, as a bulk load writes them) under
-- that one alone, so the later of two sees the earlier's committed rows.
--
-- Once per statement (checkout writes a shopper's pieces in one): the outfits that use the
-- products it touched, for each shopper it touched, are in their closet exactly when all five
-- products are owned, and came together when the last of them was bought.
CREATE FUNCTION closet_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shoppers integer;
BEGIN
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
      JOIN items i ON i.product_id = t.product_id
      JOIN outfit_items oi ON oi.item_id = i.id
  ), complete AS (
    SELECT k.user_id, k.outfit_id, max(owned.bought_at) AS completed_at
      FROM candidates k
      JOIN outfit_items oi ON oi.outfit_id = k.outfit_id
      LEFT JOIN LATERAL (
        SELECT max(c.last_bought_at) AS bought_at FROM closet_items c
         WHERE c.user_id = k.user_id AND c.product_id = oi.product_id) owned ON true
     GROUP BY k.user_id, k.outfit_id
    HAVING count(*) = 5 AND count(owned.bought_at) = 5
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
CREATE TRIGGER closet_items_added AFTER INSERT ON closet_items
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION closet_items_changed();
CREATE TRIGGER closet_items_rebought AFTER UPDATE ON closet_items
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION closet_items_changed();
CREATE TRIGGER closet_items_removed AFTER DELETE ON closet_items
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION closet_items_changed();

-- Once per statement on outfit_items (an outfit designed, redesigned or deleted): those outfits
-- against every closet holding their products.
CREATE FUNCTION outfit_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  SELECT array_agg(DISTINCT outfit_id) INTO touched FROM changed;
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(27027);
  DELETE FROM closet_outfits WHERE outfit_id = ANY(touched);
  INSERT INTO closet_outfits (user_id, outfit_id, occasion_id, completed_at)
  SELECT c.user_id, oi.outfit_id, o.occasion_id, max(c.last_bought_at)
    FROM outfit_items oi
    JOIN outfits o ON o.id = oi.outfit_id
    JOIN closet_items c ON c.product_id = oi.product_id
   WHERE oi.outfit_id = ANY(touched)
   GROUP BY c.user_id, oi.outfit_id, o.occasion_id
  HAVING count(DISTINCT oi.slot) = 5
     AND (SELECT count(*) FROM outfit_items s WHERE s.outfit_id = oi.outfit_id) = 5;
  RETURN NULL;
END $$;
CREATE TRIGGER outfit_items_closets_added AFTER INSERT ON outfit_items
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION outfit_items_changed();
CREATE TRIGGER outfit_items_closets_changed AFTER UPDATE ON outfit_items
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION outfit_items_changed();
CREATE TRIGGER outfit_items_closets_removed AFTER DELETE ON outfit_items
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION outfit_items_changed();

-- The closets as they stand.
INSERT INTO closet_outfits (user_id, outfit_id, occasion_id, completed_at)
SELECT c.user_id, oi.outfit_id, o.occasion_id, max(c.last_bought_at)
  FROM (SELECT user_id, product_id, max(last_bought_at) AS last_bought_at
          FROM closet_items GROUP BY user_id, product_id) c
  JOIN outfit_items oi ON oi.product_id = c.product_id
  JOIN outfits o ON o.id = oi.outfit_id
 GROUP BY c.user_id, oi.outfit_id, o.occasion_id
HAVING count(*) = 5;
