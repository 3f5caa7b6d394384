-- The favourites screen counts a shopper's liked outfits per occasion. Read from swipes, that
-- count walks every like the shopper ever made; kept here, it is five rows whatever the history.
-- The statement that changes swipes moves the counts in its transaction (as outfit_answers, 0028).
CREATE TABLE likes_by_occasion (
  user_id     integer  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  occasion_id smallint NOT NULL REFERENCES occasions (id) ON DELETE CASCADE,
  likes       integer  NOT NULL CHECK (likes >= 0),
  PRIMARY KEY (user_id, occasion_id)
);

INSERT INTO likes_by_occasion (user_id, occasion_id, likes)
SELECT s.user_id, o.occasion_id, count(*)
  FROM swipes s JOIN outfits o ON o.id = s.outfit_id
 WHERE s.direction = 'like'
 GROUP BY s.user_id, o.occasion_id;

-- Adds each (shopper, occasion)'s change (none: null). Rows are locked in key order, so two statements under
-- way take the rows they share in the same order. A fall finds its row (the like was counted);
-- when the shopper is being deleted the row may be gone already, and nothing is left to move.
CREATE FUNCTION move_likes_by_occasion(changes jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF changes IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO likes_by_occasion AS l (user_id, occasion_id, likes)
  SELECT c.user_id, c.occasion_id, c.delta
    FROM jsonb_to_recordset(changes) AS c (user_id integer, occasion_id smallint, delta integer)
   WHERE c.delta > 0
   ORDER BY c.user_id, c.occasion_id
  ON CONFLICT (user_id, occasion_id) DO UPDATE SET likes = l.likes + EXCLUDED.likes;

  PERFORM 1 FROM likes_by_occasion l
    JOIN jsonb_to_recordset(changes) AS c (user_id integer, occasion_id smallint, delta integer)
      ON c.user_id = l.user_id AND c.occasion_id = l.occasion_id AND c.delta < 0
   ORDER BY l.user_id, l.occasion_id FOR NO KEY UPDATE OF l;
  UPDATE likes_by_occasion l SET likes = l.likes + c.delta
    FROM jsonb_to_recordset(changes) AS c (user_id integer, occasion_id smallint, delta integer)
   WHERE c.user_id = l.user_id AND c.occasion_id = l.occasion_id AND c.delta < 0;
END $$;

-- One function for the three statements: a like added counts +1, a like removed -1, a swipe
-- turned around both. Transition tables are named `added` and `removed` by the triggers below.
CREATE FUNCTION swipes_likes_by_occasion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- Every swipe takes this path: it adds, in one statement.
    INSERT INTO likes_by_occasion AS l (user_id, occasion_id, likes)
    SELECT a.user_id, o.occasion_id, count(*)
      FROM added a JOIN outfits o ON o.id = a.outfit_id
     WHERE a.direction = 'like'
     GROUP BY a.user_id, o.occasion_id
     ORDER BY a.user_id, o.occasion_id
    ON CONFLICT (user_id, occasion_id) DO UPDATE SET likes = l.likes + EXCLUDED.likes;
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM move_likes_by_occasion((SELECT jsonb_agg(c) FROM (
      SELECT r.user_id, o.occasion_id, -count(*)::int AS delta
        FROM removed r JOIN outfits o ON o.id = r.outfit_id
       WHERE r.direction = 'like'
       GROUP BY r.user_id, o.occasion_id) c));
  ELSE
    PERFORM move_likes_by_occasion((SELECT jsonb_agg(c) FROM (
      SELECT t.user_id, o.occasion_id, sum(t.delta)::int AS delta
        FROM (SELECT user_id, outfit_id, 1 AS delta FROM added WHERE direction = 'like'
              UNION ALL
              SELECT user_id, outfit_id, -1 FROM removed WHERE direction = 'like') t
        JOIN outfits o ON o.id = t.outfit_id
       GROUP BY t.user_id, o.occasion_id
      HAVING sum(t.delta) <> 0) c));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER swipes_likes_by_occasion_insert AFTER INSERT ON swipes
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION swipes_likes_by_occasion();
CREATE TRIGGER swipes_likes_by_occasion_delete AFTER DELETE ON swipes
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION swipes_likes_by_occasion();
CREATE TRIGGER swipes_likes_by_occasion_update AFTER UPDATE ON swipes
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION swipes_likes_by_occasion();

CREATE FUNCTION swipes_likes_by_occasion_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM likes_by_occasion;
  RETURN NULL;
END $$;

CREATE TRIGGER swipes_likes_by_occasion_truncate AFTER TRUNCATE ON swipes
  FOR EACH STATEMENT EXECUTE FUNCTION swipes_likes_by_occasion_truncate();

-- An outfit's likes leave their occasion before the outfit goes: its swipes are deleted by the
-- cascade after the outfit's row, when their occasion can no longer be read.
CREATE FUNCTION outfit_likes_leave() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM move_likes_by_occasion((SELECT jsonb_agg(c) FROM (
    SELECT s.user_id, OLD.occasion_id AS occasion_id, -1 AS delta
      FROM swipes s WHERE s.outfit_id = OLD.id AND s.direction = 'like') c));
  RETURN OLD;
END $$;

CREATE TRIGGER outfits_likes_leave BEFORE DELETE ON outfits
  FOR EACH ROW EXECUTE FUNCTION outfit_likes_leave();

-- An outfit moved to another occasion takes its likes with it. A like of it being written now
-- has read the old occasion: the lock waits for it to commit, so that it is moved too, and holds
-- back likes that start meanwhile until the new occasion is there to read.
CREATE FUNCTION outfit_likes_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE likes_by_occasion IN SHARE ROW EXCLUSIVE MODE;
  PERFORM move_likes_by_occasion((SELECT jsonb_agg(c) FROM (
    SELECT s.user_id, m.occasion_id, m.delta
      FROM swipes s
     CROSS JOIN (VALUES (OLD.occasion_id, -1), (NEW.occasion_id, 1)) AS m (occasion_id, delta)
     WHERE s.outfit_id = NEW.id AND s.direction = 'like') c));
  RETURN NULL;
END $$;

CREATE TRIGGER outfits_likes_move AFTER UPDATE OF occasion_id ON outfits
  FOR EACH ROW WHEN (OLD.occasion_id IS DISTINCT FROM NEW.occasion_id)
  EXECUTE FUNCTION outfit_likes_move();
