-- When a shopper last brought back their passed outfits. Undo takes back the latest swipe made
-- since then, never one from before: the last thing the shopper did before those swipes was the
-- restoring, and an older like taken back would take their favourite with it. Restoring none
-- changes nothing, so it is not recorded.
CREATE TABLE passed_outfits_restored (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  restored_at timestamptz NOT NULL
);

CREATE OR REPLACE FUNCTION restore_passed_outfits(shopper integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  restored integer;
BEGIN
  DELETE FROM swipes WHERE user_id = shopper AND direction = 'nope';
  GET DIAGNOSTICS restored = ROW_COUNT;
  IF restored > 0 THEN
    INSERT INTO passed_outfits_restored (user_id, restored_at) VALUES (shopper, now())
    ON CONFLICT (user_id) DO UPDATE SET restored_at = excluded.restored_at;
  END IF;
  PERFORM pg_advisory_xact_lock(7301, shopper);
  DELETE FROM feed_queue WHERE user_id = shopper;
  RETURN restored;
END $$;
