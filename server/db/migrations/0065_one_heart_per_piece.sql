-- A shopper hearts a piece once, wherever they hearted it: on a swipe card (the heart then names
-- that outfit) or on its own, from search or the piece's sheet. Until now the card's heart and
-- the sheet's were two favourites of the same piece, each shown with its own heart. A piece that
-- came with a like (source 'outfit') is not a heart and may stand beside one, as before.
--
-- Shoppers who hearted a piece more than once keep one heart: the one given on its own if any,
-- else the first. Each other heart goes; one on an outfit whose like has its pieces written out
-- becomes that like's piece again, as an unhearted piece of such a like is.
WITH hearts AS (
  SELECT f.id, f.user_id, f.outfit_id,
         row_number() OVER (PARTITION BY f.user_id, f.item_id
                            ORDER BY f.outfit_id IS NOT NULL, f.created_at, f.id) AS nth
    FROM item_favorites f
   WHERE f.source = 'heart'
),
extra AS (
  SELECT h.id,
         EXISTS (SELECT 1 FROM swipes s
                  WHERE s.user_id = h.user_id AND s.outfit_id = h.outfit_id
                    AND s.direction = 'like' AND s.pieces_written) AS of_written_like
    FROM hearts h
   WHERE h.nth > 1
),
unhearted AS (
  UPDATE item_favorites f SET source = 'outfit'
    FROM extra WHERE f.id = extra.id AND extra.of_written_like
)
DELETE FROM item_favorites f USING extra WHERE f.id = extra.id AND NOT extra.of_written_like;

CREATE UNIQUE INDEX item_favorites_one_heart_key ON item_favorites (user_id, item_id)
  WHERE source = 'heart';
