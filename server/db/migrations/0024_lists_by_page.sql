-- Every list is read a page at a time, after the last entry the previous page showed (a keyset
-- cursor), so each page must come from an index in the list's own order, not from sorting a
-- shopper's whole history.
--
-- Favourite outfits: a shopper's likes, newest first, then by outfit. Only likes, so a long
-- history of left swipes is never stepped over.
CREATE INDEX swipes_user_likes_idx ON swipes (user_id, created_at DESC, outfit_id DESC)
  WHERE direction = 'like';

-- Favourite pieces: the rows of item_favorites, newest first (the pieces that follow from a like
-- come in the likes' order above).
CREATE INDEX item_favorites_user_created_idx ON item_favorites (user_id, created_at DESC);

-- Orders: newest first, then by id, so that two orders of the same moment keep their order.
CREATE INDEX orders_user_recent_idx ON orders (user_id, created_at DESC, id DESC);
DROP INDEX orders_user_created_idx;

-- The design screen's outfits: newest first, then by id.
CREATE INDEX outfits_recent_idx ON outfits (created_at DESC, id DESC);
