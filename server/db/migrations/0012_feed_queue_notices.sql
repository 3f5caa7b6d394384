-- Each app process keeps the queued feeds of the shoppers it has just served
-- (server/features/feed/kept-queues.ts): which ranked outfits wait, in order, less the ones
-- swiped. A swipe on a queued outfit is announced with the shopper and the outfit ('17:4021'),
-- and the process takes that outfit out of its copy; a swipe on an outfit not in the shopper's
-- queue (found by search, say) changes no copy and is not announced. Anything else that changes
-- what waits (a swipe taken back, a queue ranked afresh) is announced with the shopper alone,
-- and the copy is forgotten. A queue written while a swipe commits is announced as written, and
-- its copy read again: the read skips swiped outfits.
CREATE FUNCTION notify_swipe_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.user_id <> OLD.user_id OR NEW.outfit_id <> OLD.outfit_id THEN
    PERFORM pg_notify('drape_feed_changed', OLD.user_id::text);
  END IF;
  IF TG_OP <> 'DELETE' AND EXISTS (
       SELECT 1 FROM feed_queue q WHERE q.user_id = NEW.user_id AND q.outfit_id = NEW.outfit_id
     ) THEN
    PERFORM pg_notify('drape_feed_changed', NEW.user_id || ':' || NEW.outfit_id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER swipes_feed_notify_insert AFTER INSERT ON swipes
  FOR EACH ROW EXECUTE FUNCTION notify_swipe_change();
-- A swipe turned around still keeps its outfit out of the feed: only a move is announced.
CREATE TRIGGER swipes_feed_notify_update AFTER UPDATE OF user_id, outfit_id ON swipes
  FOR EACH ROW EXECUTE FUNCTION notify_swipe_change();
CREATE TRIGGER swipes_feed_notify_delete AFTER DELETE ON swipes
  FOR EACH ROW EXECUTE FUNCTION notify_swipe_change();

-- A queue written (ranked afresh, or trimmed when an outfit goes) is announced once per shopper.
CREATE FUNCTION notify_queue_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('drape_feed_changed', c.user_id::text)
     FROM (SELECT DISTINCT user_id FROM changed) c;
  RETURN NULL;
END $$;

CREATE TRIGGER feed_queue_notify_insert AFTER INSERT ON feed_queue
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_queue_change();
CREATE TRIGGER feed_queue_notify_update AFTER UPDATE ON feed_queue
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_queue_change();
CREATE TRIGGER feed_queue_notify_delete AFTER DELETE ON feed_queue
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_queue_change();
