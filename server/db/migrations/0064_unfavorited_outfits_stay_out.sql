-- Outfits a shopper liked and then unfavourited. Unfavouriting deletes the like (its counts and
-- pieces go with it), so without a row here the outfit would come back to the feed, which never
-- shows an outfit the shopper has turned away from. The feed's ranking leaves these out; the
-- taste model, undo and the outfits' answers never read them; bringing back passed outfits
-- brings these back too. A row stays when the outfit is liked again (the swipe keeps it out
-- meanwhile, and undoing that like goes back to where the shopper was): only the rows of outfits
-- not swiped are counted as brought back.
CREATE TABLE unfavorited_outfits (
  user_id        integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  outfit_id      integer NOT NULL REFERENCES outfits (id) ON DELETE CASCADE,
  unfavorited_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, outfit_id)
);
-- An outfit's deletion finds its rows here by outfit.
CREATE INDEX unfavorited_outfits_outfit_idx ON unfavorited_outfits (outfit_id);

CREATE OR REPLACE FUNCTION restore_passed_outfits(shopper integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  restored integer;
  unfavorited integer;
BEGIN
  -- Counted before the passes go, so an outfit both passed and unfavourited counts once.
  WITH gone AS (DELETE FROM unfavorited_outfits WHERE user_id = shopper RETURNING outfit_id)
  SELECT count(*) INTO unfavorited FROM gone
   WHERE NOT EXISTS (SELECT 1 FROM swipes s
                      WHERE s.user_id = shopper AND s.outfit_id = gone.outfit_id);
  DELETE FROM swipes WHERE user_id = shopper AND direction = 'nope';
  GET DIAGNOSTICS restored = ROW_COUNT;
  restored := restored + unfavorited;
  IF restored > 0 THEN
    INSERT INTO passed_outfits_restored (user_id, restored_at) VALUES (shopper, now())
    ON CONFLICT (user_id) DO UPDATE SET restored_at = excluded.restored_at;
  END IF;
  PERFORM pg_advisory_xact_lock(7301, shopper);
  DELETE FROM feed_queue WHERE user_id = shopper;
  RETURN restored;
END $$;
