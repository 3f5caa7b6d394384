-- GET /api/favorites/categories subtracts the pieces a heart stands in for: a heart given on an
-- outfit's card before the shopper liked the outfit. Only such rows can stand in for a like's
-- piece (a like's own rows, source 'outfit', exist only once its pieces are written out), so the
-- count need look at them alone. The shopper's index by outfit now holds each row's source, and
-- the count reads every row from the index whatever the history.
DROP INDEX item_favorites_user_outfit_idx;
CREATE INDEX item_favorites_user_outfit_idx ON item_favorites (user_id, outfit_id)
  INCLUDE (item_id, category_id, source);
