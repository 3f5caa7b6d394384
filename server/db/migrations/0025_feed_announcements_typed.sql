-- The feed's announcements as one typed payload, encoded in one place: a JSON object with the
-- shopper and, when one outfit left their queue (a swipe on it), that outfit; without an outfit
-- the whole queue changed (written, or a swipe taken back). Decoded by `ANNOUNCED.feed` in
-- server/db/announcements.ts.
CREATE FUNCTION announce_feed_change(shopper integer, outfit integer) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_notify('drape_feed_changed',
                   json_strip_nulls(json_build_object('userId', shopper, 'outfitId', outfit))::text)
$$;

-- As 0013: a swipe holds the shopper's queue lock shared from its check to its commit, a queue
-- write exclusively. 7301 is `LOCK.feedQueue` in server/lib/locks.ts (a test checks they agree).
CREATE OR REPLACE FUNCTION notify_swipe_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.user_id <> OLD.user_id OR NEW.outfit_id <> OLD.outfit_id THEN
    PERFORM announce_feed_change(OLD.user_id, NULL);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_advisory_xact_lock_shared(7301, NEW.user_id);
    IF EXISTS (
         SELECT 1 FROM feed_queue q WHERE q.user_id = NEW.user_id AND q.outfit_id = NEW.outfit_id
       ) THEN
      PERFORM announce_feed_change(NEW.user_id, NEW.outfit_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION notify_queue_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce_feed_change(c.user_id, NULL) FROM (SELECT DISTINCT user_id FROM changed) c;
  RETURN NULL;
END $$;
