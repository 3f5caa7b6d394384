-- A swipe announces its outfit only if the outfit waits in the shopper's queue (0012). A queue
-- written between the swipe's check and its commit could hold the outfit unannounced, and a
-- process reading that queue before the swipe commits would keep it. So they take turns per
-- shopper: a swipe holds a shared lock on the shopper's queue from its check to its commit, and
-- a queue write (storeQueue in server/features/feed/feed.repository.ts) an exclusive one. Swipes
-- never wait for each other; a queue write waits for the swipes under way, and a swipe for a
-- queue write under way, whose row its check then sees.
CREATE OR REPLACE FUNCTION notify_swipe_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.user_id <> OLD.user_id OR NEW.outfit_id <> OLD.outfit_id THEN
    PERFORM pg_notify('drape_feed_changed', OLD.user_id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    -- 7301: the feed queue's lock class (see storeQueue).
    PERFORM pg_advisory_xact_lock_shared(7301, NEW.user_id);
    IF EXISTS (
         SELECT 1 FROM feed_queue q WHERE q.user_id = NEW.user_id AND q.outfit_id = NEW.outfit_id
       ) THEN
      PERFORM pg_notify('drape_feed_changed', NEW.user_id || ':' || NEW.outfit_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;
