-- A shopper hearts a piece once, wherever they hearted it: on a swipe card (the heart then names
-- that outfit) or on its own, from search or the piece's sheet. Until now the card's heart and
-- the sheet's were two favourites of the same piece, each shown with its own heart. A piece that
-- came with a like (source 'outfit') is not a heart and may stand beside one, as before.
--
-- Shoppers who hearted a piece more than once keep one heart: the one given on its own if any,
-- else the first. Each other heart goes, and the one kept takes the largest quantity and any
-- chosen size of those; but a heart on an outfit whose like has its pieces written out becomes
-- that like's piece again, with its own, as a heart taken away from such a piece's sheet does.
WITH hearts AS (
  SELECT f.id, f.user_id, f.item_id, f.quantity, f.size_chosen,
         row_number() OVER (PARTITION BY f.user_id, f.item_id
                            ORDER BY f.outfit_id IS NOT NULL, f.created_at, f.id) AS nth,
         count(*) OVER (PARTITION BY f.user_id, f.item_id) AS given,
         EXISTS (SELECT 1 FROM swipes s
                  WHERE s.user_id = f.user_id AND s.outfit_id = f.outfit_id
                    AND s.direction = 'like' AND s.pieces_written) AS of_written_like
    FROM item_favorites f
   WHERE f.source = 'heart'
),
-- What the hearts that go wanted passes to the one kept; a like's piece keeps its own.
merged AS (
  SELECT min(h.id) FILTER (WHERE h.nth = 1) AS kept,
         max(h.quantity) FILTER (WHERE h.nth = 1 OR NOT h.of_written_like) AS quantity,
         bool_or(h.size_chosen) FILTER (WHERE h.nth = 1 OR NOT h.of_written_like) AS size_chosen
    FROM hearts h
   WHERE h.given > 1
   GROUP BY h.user_id, h.item_id
),
extra AS (SELECT h.id, h.of_written_like FROM hearts h WHERE h.nth > 1),
kept AS (
  UPDATE item_favorites f SET quantity = merged.quantity, size_chosen = merged.size_chosen
    FROM merged WHERE f.id = merged.kept
),
unhearted AS (
  UPDATE item_favorites f SET source = 'outfit'
    FROM extra WHERE f.id = extra.id AND extra.of_written_like
)
DELETE FROM item_favorites f USING extra WHERE f.id = extra.id AND NOT extra.of_written_like;

-- The key is also the index the shopper's hearts are read from whole (0018's, which it replaces:
-- a heart's item, outfit and time come from the index alone, in item order).
CREATE UNIQUE INDEX item_favorites_one_heart_key ON item_favorites (user_id, item_id)
  INCLUDE (outfit_id, created_at) WHERE source = 'heart';
DROP INDEX item_favorites_hearts_cover_idx;
