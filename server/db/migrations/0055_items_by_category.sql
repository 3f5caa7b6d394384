-- The design page's carousels say how many pieces each category holds. Counted on each page, that
-- read every item of the catalogue; kept here, it is a row a category, moved by the statement
-- that adds or removes items, in its transaction. A carousel filtered by colour or words
-- still counts its matches.
CREATE TABLE items_by_category (
  category_id smallint PRIMARY KEY REFERENCES categories (id) ON DELETE CASCADE,
  items       integer  NOT NULL CHECK (items >= 0)
);

-- Statement triggers for rows added and removed: the catalogue is written in bulk (the seed, an
-- import), a statement's rows counted once a category. Rows are locked in key order, so two
-- statements under way take the rows they share in the same order. Rows at zero stay.
CREATE FUNCTION items_by_category_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM items_by_category;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM items_by_category WHERE category_id IN (SELECT category_id FROM removed)
     ORDER BY category_id FOR NO KEY UPDATE;
    UPDATE items_by_category k SET items = k.items - r.n
      FROM (SELECT category_id, count(*)::int AS n FROM removed GROUP BY category_id) r
     WHERE k.category_id = r.category_id;
  ELSE
    INSERT INTO items_by_category AS k (category_id, items)
    SELECT category_id, count(*) FROM added GROUP BY category_id ORDER BY category_id
    ON CONFLICT (category_id) DO UPDATE SET items = k.items + excluded.items;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER items_by_category_insert AFTER INSERT ON items
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION items_by_category_move();
CREATE TRIGGER items_by_category_delete AFTER DELETE ON items
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION items_by_category_move();
CREATE TRIGGER items_by_category_truncate AFTER TRUNCATE ON items
  FOR EACH STATEMENT EXECUTE FUNCTION items_by_category_move();

-- An item never changes category: its product cannot change (0019), and a product's category
-- is part of the key its items reference.

-- The counts as they stand; the triggers' lock on items holds back writes until this commits.
INSERT INTO items_by_category (category_id, items)
SELECT category_id, count(*) FROM items GROUP BY category_id;
