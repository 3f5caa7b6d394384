-- A page of liked outfits, and of the favourite pieces that follow from a like, asks of each like
-- whether its pieces are written out (0015). The likes' indexes now carry that flag, so a page
-- reads its likes from the index alone instead of visiting each like's row in the table, where a
-- shopper's likes lie scattered among every other shopper's swipes.
--
-- Both are built before either old one is dropped: a drop locks the table against reads until
-- the migration commits, and the builds only against writes.
CREATE INDEX swipes_user_likes_written_idx ON swipes (user_id, created_at DESC, outfit_id DESC)
  INCLUDE (pieces_written) WHERE direction = 'like';
CREATE INDEX swipes_user_occasion_likes_written_idx
  ON swipes (user_id, occasion_id, created_at DESC, outfit_id DESC)
  INCLUDE (pieces_written) WHERE direction = 'like';

DROP INDEX swipes_user_likes_idx;
ALTER INDEX swipes_user_likes_written_idx RENAME TO swipes_user_likes_idx;
DROP INDEX swipes_user_occasion_likes_idx;
ALTER INDEX swipes_user_occasion_likes_written_idx RENAME TO swipes_user_occasion_likes_idx;
