-- Whether the shopper chose a favourite's size (by changing it on the piece's page), rather than
-- keeping the one it came in: an outfit's styling size or the variant a search showed. Buy asks
-- for a size only when it was not chosen. A piece that follows from a like was never chosen.
ALTER TABLE item_favorites ADD COLUMN size_chosen boolean NOT NULL DEFAULT false;

CREATE OR REPLACE VIEW favorite_pieces AS
SELECT f.user_id, f.item_id, f.outfit_id, f.source, f.quantity, f.created_at, true AS written,
       f.size_chosen
  FROM item_favorites f
UNION ALL
SELECT s.user_id, oi.item_id, s.outfit_id, 'outfit', 1::smallint, s.created_at, false, false
  FROM swipes s
  JOIN outfit_items oi ON oi.outfit_id = s.outfit_id
 WHERE s.direction = 'like'
   AND NOT s.pieces_written
   AND NOT EXISTS (
     SELECT 1 FROM item_favorites f
      WHERE f.user_id = s.user_id AND f.item_id = oi.item_id AND f.outfit_id = s.outfit_id
   );
