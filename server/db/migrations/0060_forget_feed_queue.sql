-- Forgetting a shopper's queue after an undone like: the queue was ranked with the like taken
-- back, and its reasons may name it ("You liked 1 Airport look"); an undone pass leaves the
-- queue. Under the shopper's queue lock (7301, `LOCK.feedQueue`), as in 0047, so that a queue
-- being written commits first and goes too; the delete reads after the lock, which a single
-- statement cannot.
CREATE FUNCTION forget_feed_queue(shopper integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7301, shopper);
  DELETE FROM feed_queue WHERE user_id = shopper;
END $$;
