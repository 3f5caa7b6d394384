-- A shopper's hearts are always read whole: with a shopper's first feed page (the queue's
-- statement), by ShopperHearts and by the feed's ranking. Through the partial index on user_id
-- alone each heart cost a visit to its own heap page (twenty pages for a benchmark shopper at
-- full size, about 0.4 ms of a first page's 2.4). With the heart's item, outfit and time in the
-- index they come from the index alone, in item order as the readers want them.
CREATE INDEX item_favorites_hearts_cover_idx ON item_favorites (user_id, item_id)
  INCLUDE (outfit_id, created_at) WHERE source = 'heart';
DROP INDEX item_favorites_hearts_idx;
