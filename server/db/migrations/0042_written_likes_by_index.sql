-- The favourites' count per category adds every like whose pieces follow from it. Counted from
-- the likes per occasion (0033) less the likes whose pieces were written out, which this index
-- holds alone: the count no longer walks every like the shopper made.
CREATE INDEX swipes_user_written_likes_idx ON swipes (user_id)
  WHERE direction = 'like' AND pieces_written;
