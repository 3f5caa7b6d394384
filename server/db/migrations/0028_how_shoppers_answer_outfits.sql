-- The design list shows how shoppers answer each outfit and sorts by its like rate, a page at a
-- time (decision 011). Counting a shop's swipes on every read would walk millions of rows, so each
-- outfit's standing likes and rejects are kept beside it, moved by the statement that changes
-- swipes, in its transaction: one row per outfit a statement touches, whatever its size.
CREATE TABLE outfit_answers (
  outfit_id integer PRIMARY KEY REFERENCES outfits (id) ON DELETE CASCADE,
  likes     integer NOT NULL DEFAULT 0 CHECK (likes >= 0),
  rejects   integer NOT NULL DEFAULT 0 CHECK (rejects >= 0),
  -- The like rate, -1 while nobody has answered (those sort last).
  rate_key  double precision GENERATED ALWAYS AS (
    CASE WHEN likes + rejects = 0 THEN -1 ELSE likes::double precision / (likes + rejects) END
  ) STORED
);

-- The "best liked" order, served in order for the keyset cursor (rate, outfit id).
CREATE INDEX outfit_answers_rate_idx ON outfit_answers (rate_key DESC, outfit_id DESC);

INSERT INTO outfit_answers (outfit_id, likes, rejects)
SELECT o.id,
       count(s.outfit_id) FILTER (WHERE s.direction = 'like'),
       count(s.outfit_id) FILTER (WHERE s.direction = 'nope')
  FROM outfits o LEFT JOIN swipes s ON s.outfit_id = o.id
 GROUP BY o.id;

CREATE FUNCTION outfit_answers_start() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO outfit_answers (outfit_id) SELECT id FROM added ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER outfits_answers_start AFTER INSERT ON outfits
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION outfit_answers_start();

-- Each trigger first locks the outfits' rows in outfit order, so two statements under way lock
-- the outfits they share in the same order, then moves each outfit's figures by what changed.
CREATE FUNCTION swipes_answers_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM outfit_answers a
    JOIN (SELECT DISTINCT outfit_id FROM added) t ON t.outfit_id = a.outfit_id
   ORDER BY a.outfit_id FOR NO KEY UPDATE OF a;
  UPDATE outfit_answers a
     SET likes = a.likes + d.likes, rejects = a.rejects + d.rejects
    FROM (SELECT outfit_id, count(*) FILTER (WHERE direction = 'like')::int AS likes,
                 count(*) FILTER (WHERE direction = 'nope')::int AS rejects
            FROM added GROUP BY outfit_id) d
   WHERE a.outfit_id = d.outfit_id;
  RETURN NULL;
END $$;

CREATE FUNCTION swipes_answers_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM outfit_answers a
    JOIN (SELECT DISTINCT outfit_id FROM removed) t ON t.outfit_id = a.outfit_id
   ORDER BY a.outfit_id FOR NO KEY UPDATE OF a;
  UPDATE outfit_answers a
     SET likes = a.likes - d.likes, rejects = a.rejects - d.rejects
    FROM (SELECT outfit_id, count(*) FILTER (WHERE direction = 'like')::int AS likes,
                 count(*) FILTER (WHERE direction = 'nope')::int AS rejects
            FROM removed GROUP BY outfit_id) d
   WHERE a.outfit_id = d.outfit_id;
  RETURN NULL;
END $$;

-- Only a swipe turned the other way moves the figures (writing a like's pieces out does not).
CREATE FUNCTION swipes_answers_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM outfit_answers a
    JOIN (SELECT DISTINCT n.outfit_id FROM added n JOIN removed o USING (user_id, outfit_id)
           WHERE n.direction <> o.direction) t ON t.outfit_id = a.outfit_id
   ORDER BY a.outfit_id FOR NO KEY UPDATE OF a;
  UPDATE outfit_answers a
     SET likes = a.likes + d.likes, rejects = a.rejects + d.rejects
    FROM (SELECT n.outfit_id,
                 sum(CASE WHEN n.direction = 'like' THEN 1 ELSE -1 END)::int AS likes,
                 sum(CASE WHEN n.direction = 'nope' THEN 1 ELSE -1 END)::int AS rejects
            FROM added n JOIN removed o USING (user_id, outfit_id)
           WHERE n.direction <> o.direction
           GROUP BY n.outfit_id) d
   WHERE a.outfit_id = d.outfit_id;
  RETURN NULL;
END $$;

CREATE TRIGGER swipes_answers_insert AFTER INSERT ON swipes
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION swipes_answers_insert();
CREATE TRIGGER swipes_answers_delete AFTER DELETE ON swipes
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION swipes_answers_delete();
CREATE TRIGGER swipes_answers_update AFTER UPDATE ON swipes
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION swipes_answers_update();

CREATE FUNCTION swipes_answers_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE outfit_answers SET likes = 0, rejects = 0 WHERE likes <> 0 OR rejects <> 0;
  RETURN NULL;
END $$;

CREATE TRIGGER swipes_answers_truncate AFTER TRUNCATE ON swipes
  FOR EACH STATEMENT EXECUTE FUNCTION swipes_answers_truncate();

-- Who keeps a piece of an outfit in their favourites, for the outfits of one page (and an
-- outfit's delete, which cascades to these rows, no longer reads the whole table).
CREATE INDEX item_favorites_outfit_user_idx ON item_favorites (outfit_id, user_id)
  WHERE outfit_id IS NOT NULL;

-- Outfits with a piece sold out or low ("Only N left", LOW_STOCK in contracts/design.ts): the
-- few such items lead to their outfits by outfit_items_item_id_idx.
CREATE INDEX items_low_stock_idx ON items (id) WHERE stock <= 3;
