-- The favourites' category tiles and the closet's counted every row of a shopper's history on
-- each read. They are kept here instead, as the likes per occasion are (0033): a row per shopper
-- and category, moved by a trigger in the writing statement's transaction.
--
-- Row triggers: these tables are written a row or a handful at a time, and a row trigger's
-- statements keep their plans, where a statement trigger reading its transition tables doubled
-- a heart's cost in PostgreSQL (the log, 2026-11-30). Two transactions must take a
-- shopper's tally rows in the same order: the inserts that write several rows write them in key
-- order (`writeOut`, `placeOrder`), a removal, which cannot be ordered, first takes all of the
-- shopper's rows in key order, and an administrator's change of an outfit takes the closets'
-- lock before any tally (`lockClosets`). A fall only updates: if the shopper is being deleted
-- and the cascade took the row first, it moves nothing. A rise adds the row it lacks. Rows at
-- zero stay. An update moves counts only when it changes the key or the quantity; a new item_id
-- may change the category, which copy_item_category writes (0027, 0037), and a column list sees
-- only the statement's own columns.

-- Rows of item_favorites, hearts and a like's written-out pieces alike.
CREATE TABLE favorites_by_category (
  user_id     integer  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  category_id smallint NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  favorites   integer  NOT NULL CHECK (favorites >= 0),
  PRIMARY KEY (user_id, category_id)
);

-- Rows of closet_items (pieces) and their quantities (units).
CREATE TABLE closet_pieces_by_category (
  user_id     integer  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  category_id smallint NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  pieces      integer  NOT NULL CHECK (pieces >= 0),
  units       integer  NOT NULL CHECK (units >= 0),
  PRIMARY KEY (user_id, category_id)
);

CREATE FUNCTION item_favorites_tally() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM favorites_by_category;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM 1 FROM favorites_by_category WHERE user_id = OLD.user_id
     ORDER BY category_id FOR NO KEY UPDATE;
    UPDATE favorites_by_category SET favorites = favorites - 1
     WHERE user_id = OLD.user_id AND category_id = OLD.category_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO favorites_by_category AS k (user_id, category_id, favorites)
    VALUES (NEW.user_id, NEW.category_id, 1)
    ON CONFLICT (user_id, category_id) DO UPDATE SET favorites = k.favorites + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION closet_items_tally() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM closet_pieces_by_category;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM 1 FROM closet_pieces_by_category WHERE user_id = OLD.user_id
     ORDER BY category_id FOR NO KEY UPDATE;
    UPDATE closet_pieces_by_category SET pieces = pieces - 1, units = units - OLD.quantity
     WHERE user_id = OLD.user_id AND category_id = OLD.category_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO closet_pieces_by_category AS k (user_id, category_id, pieces, units)
    VALUES (NEW.user_id, NEW.category_id, 1, NEW.quantity)
    ON CONFLICT (user_id, category_id)
      DO UPDATE SET pieces = k.pieces + 1, units = k.units + EXCLUDED.units;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER item_favorites_tally AFTER INSERT OR DELETE ON item_favorites
  FOR EACH ROW EXECUTE FUNCTION item_favorites_tally();
CREATE TRIGGER item_favorites_tally_moved AFTER UPDATE OF user_id, item_id, category_id
  ON item_favorites
  FOR EACH ROW WHEN (OLD.user_id <> NEW.user_id OR OLD.category_id <> NEW.category_id)
  EXECUTE FUNCTION item_favorites_tally();
CREATE TRIGGER item_favorites_tally_truncate AFTER TRUNCATE ON item_favorites
  FOR EACH STATEMENT EXECUTE FUNCTION item_favorites_tally();

CREATE TRIGGER closet_items_tally AFTER INSERT OR DELETE ON closet_items
  FOR EACH ROW EXECUTE FUNCTION closet_items_tally();
CREATE TRIGGER closet_items_tally_moved AFTER UPDATE OF user_id, item_id, category_id, quantity
  ON closet_items
  FOR EACH ROW WHEN (OLD.user_id <> NEW.user_id OR OLD.category_id <> NEW.category_id
                     OR OLD.quantity <> NEW.quantity)
  EXECUTE FUNCTION closet_items_tally();
CREATE TRIGGER closet_items_tally_truncate AFTER TRUNCATE ON closet_items
  FOR EACH STATEMENT EXECUTE FUNCTION closet_items_tally();

-- The tallies as they stand.
INSERT INTO favorites_by_category (user_id, category_id, favorites)
SELECT user_id, category_id, count(*) FROM item_favorites GROUP BY 1, 2;
INSERT INTO closet_pieces_by_category (user_id, category_id, pieces, units)
SELECT user_id, category_id, count(*), sum(quantity) FROM closet_items GROUP BY 1, 2;

-- The favourites' tiles take off the pieces a heart given on an outfit's card stands in for
-- (0038). With the rows themselves tallied, those hearts are all the count reads of
-- item_favorites; they are few, and their index leaves out a like's written-out pieces.
CREATE INDEX item_favorites_card_hearts_idx ON item_favorites (user_id)
  INCLUDE (outfit_id, item_id, category_id) WHERE source = 'heart' AND outfit_id IS NOT NULL;
