-- The favourites' and closet's tiles count a shopper's rows per category or occasion. Counted on
-- each read, those counts walked every favourite piece, owned piece or closet outfit the shopper
-- had (1,615, 548 and 50 rows for the benchmark's heavy shopper), a cost that grew with the
-- history. They are kept here instead, as the likes per occasion are (0033): a row per shopper
-- and category or occasion, moved by a trigger in the statement's own transaction.
--
-- Each row written moves its own key's count: these tables are written a row (a heart) or a
-- handful (a like's pieces, a checkout's) at a time, and a row trigger's statements keep their
-- plans, where a statement trigger's reads of its transition tables doubled a heart's cost in
-- PostgreSQL. A fall only updates, so while the shopper is being deleted it finds no row and
-- moves nothing; a rise adds the row it lacks. Rows at zero stay. An update moves counts only
-- when it moves the key or the quantity; a new item_id may move the category, which the
-- category's own trigger writes (0027, 0037), so the column lists name item_id too.

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

-- Rows of closet_outfits.
CREATE TABLE closet_outfits_by_occasion (
  user_id     integer  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  occasion_id smallint NOT NULL REFERENCES occasions (id) ON DELETE CASCADE,
  outfits     integer  NOT NULL CHECK (outfits >= 0),
  PRIMARY KEY (user_id, occasion_id)
);

CREATE FUNCTION item_favorites_tally() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
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
  IF TG_OP <> 'INSERT' THEN
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

CREATE FUNCTION closet_outfits_tally() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE closet_outfits_by_occasion SET outfits = outfits - 1
     WHERE user_id = OLD.user_id AND occasion_id = OLD.occasion_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO closet_outfits_by_occasion AS k (user_id, occasion_id, outfits)
    VALUES (NEW.user_id, NEW.occasion_id, 1)
    ON CONFLICT (user_id, occasion_id) DO UPDATE SET outfits = k.outfits + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER item_favorites_tally AFTER INSERT OR DELETE ON item_favorites
  FOR EACH ROW EXECUTE FUNCTION item_favorites_tally();
CREATE TRIGGER item_favorites_tally_moved AFTER UPDATE OF user_id, item_id, category_id ON item_favorites
  FOR EACH ROW WHEN (OLD.user_id <> NEW.user_id OR OLD.category_id <> NEW.category_id)
  EXECUTE FUNCTION item_favorites_tally();

CREATE TRIGGER closet_items_tally AFTER INSERT OR DELETE ON closet_items
  FOR EACH ROW EXECUTE FUNCTION closet_items_tally();
CREATE TRIGGER closet_items_tally_moved AFTER UPDATE OF user_id, item_id, category_id, quantity ON closet_items
  FOR EACH ROW WHEN (OLD.user_id <> NEW.user_id OR OLD.category_id <> NEW.category_id
                     OR OLD.quantity <> NEW.quantity)
  EXECUTE FUNCTION closet_items_tally();

CREATE TRIGGER closet_outfits_tally AFTER INSERT OR DELETE ON closet_outfits
  FOR EACH ROW EXECUTE FUNCTION closet_outfits_tally();
CREATE TRIGGER closet_outfits_tally_moved AFTER UPDATE OF user_id, occasion_id ON closet_outfits
  FOR EACH ROW WHEN (OLD.user_id <> NEW.user_id OR OLD.occasion_id <> NEW.occasion_id)
  EXECUTE FUNCTION closet_outfits_tally();

-- The tallies as they stand.
INSERT INTO favorites_by_category (user_id, category_id, favorites)
SELECT user_id, category_id, count(*) FROM item_favorites GROUP BY 1, 2;
INSERT INTO closet_pieces_by_category (user_id, category_id, pieces, units)
SELECT user_id, category_id, count(*), sum(quantity) FROM closet_items GROUP BY 1, 2;
INSERT INTO closet_outfits_by_occasion (user_id, occasion_id, outfits)
SELECT user_id, occasion_id, count(*) FROM closet_outfits GROUP BY 1, 2;

-- The favourites' tiles take off the pieces a heart given on an outfit's card stands in for
-- (0038); with the rows themselves tallied above, only those hearts are read, from here.
CREATE INDEX item_favorites_card_hearts_idx ON item_favorites (user_id)
  INCLUDE (outfit_id, item_id, category_id) WHERE source = 'heart' AND outfit_id IS NOT NULL;
