-- Putting a shopper's passed outfits back in the feed in one call. The passes go, then, under the
-- shopper's queue lock (7301, `LOCK.feedQueue`), so a queue being written commits first, the
-- queue goes too. The queue's delete must read after the lock, which a single statement cannot
-- (its snapshot is taken before the lock); a volatile function's statements each read afresh.
CREATE FUNCTION restore_passed_outfits(shopper integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  restored integer;
BEGIN
  DELETE FROM swipes WHERE user_id = shopper AND direction = 'nope';
  GET DIAGNOSTICS restored = ROW_COUNT;
  PERFORM pg_advisory_xact_lock(7301, shopper);
  DELETE FROM feed_queue WHERE user_id = shopper;
  RETURN restored;
END $$;
