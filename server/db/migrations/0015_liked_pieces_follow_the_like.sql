-- A right swipe made the outfit a favourite and wrote its five pieces into item_favorites: five
-- rows, each with three foreign keys to check and four indexes to update, for pieces that almost
-- every shopper leaves exactly as the outfit has them. A like cost three times a left swipe.
--
-- From here, a like is its swipe row alone, and its pieces follow from it: the outfit's own five,
-- one of each, favourited when the outfit was. They are written out as item_favorites rows the
-- first time the shopper changes one of them (its colour, size or quantity, or a heart on it), and
-- from then on the rows are what the shopper keeps, as before. swipes.pieces_written says which
-- of the two holds for a like. An administrator's redesign of an outfit writes out the pieces of
-- every like not yet written, so that shoppers keep the pieces they liked
-- (server/features/design/design.service.ts).
--
-- favorite_pieces is every favourite piece, as the favourites feature reads them; `written` tells
-- a row of item_favorites from a piece that follows from a like.
-- A piece hearted on the outfit's card has its own row, which stands in for the piece the like
-- brings. Nothing else changes: hearts, their announcements and the feed's taste model read
-- item_favorites as before.
-- The likes made before this migration wrote their pieces out: every swipe there is starts as
-- written (a column added with a constant default touches no row, so a large shop migrates at
-- once; for a nope the flag means nothing, and a nope turned into a like resets it), and every
-- swipe from now on starts as not.
ALTER TABLE swipes ADD COLUMN pieces_written boolean NOT NULL DEFAULT true;
ALTER TABLE swipes ALTER COLUMN pieces_written SET DEFAULT false;

CREATE VIEW favorite_pieces AS
SELECT f.user_id, f.item_id, f.outfit_id, f.source, f.quantity, f.created_at, true AS written
  FROM item_favorites f
UNION ALL
SELECT s.user_id, oi.item_id, s.outfit_id, 'outfit', 1::smallint, s.created_at, false
  FROM swipes s
  JOIN outfit_items oi ON oi.outfit_id = s.outfit_id
 WHERE s.direction = 'like'
   AND NOT s.pieces_written
   AND NOT EXISTS (
     SELECT 1 FROM item_favorites f
      WHERE f.user_id = s.user_id AND f.item_id = oi.item_id AND f.outfit_id = s.outfit_id
   );
