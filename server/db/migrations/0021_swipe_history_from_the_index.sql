-- The feed's ranking reads a shopper's latest swipes, newest first, with each swipe's outfit and
-- direction. Through (user_id, created_at) alone each swipe cost a visit to its heap page, and a
-- long history is spread over as many pages as it has swipes: 149 pages for a benchmark shopper's
-- 238 swipes at full size, two thirds of the ranking's reads. With the outfit and direction in
-- the index, the history comes from the index alone (the undo's latest swipe reads it too).
CREATE INDEX swipes_user_recent_idx ON swipes (user_id, created_at DESC)
  INCLUDE (outfit_id, direction);
DROP INDEX swipes_user_created_idx;
