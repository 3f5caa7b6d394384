-- Each shopper's feed, ranked ahead of time: pages are read from here with one indexed query,
-- and the ranking is redone in the background as the queue runs low (docs/decisions/005).
-- Swiped and sold-out outfits are dropped when a page is read, so a swipe never writes here.
CREATE TABLE feed_queue (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  outfit_id integer NOT NULL REFERENCES outfits (id) ON DELETE CASCADE,
  position integer NOT NULL,
  filled_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, outfit_id)
);
CREATE INDEX feed_queue_order_idx ON feed_queue (user_id, position);
CREATE INDEX feed_queue_outfit_idx ON feed_queue (outfit_id);
