-- A sale changes an item's stock and nothing else of it. While an index held stock, each such
-- write was a new row version in every one of the items' indexes, the two trigram indexes of
-- search among them. With no index holding it, the write stays on the row's page (a HOT update)
-- and no index is touched. What the admin's indexes asked of stock they now ask of two flags,
-- which change only when a piece sells out or runs low (LOW_STOCK in contracts/design.ts).
ALTER TABLE items
  ADD COLUMN sold_out boolean GENERATED ALWAYS AS (stock = 0) STORED,
  ADD COLUMN low_stock boolean GENERATED ALWAYS AS (stock <= 3) STORED,
  -- Room on each page for a row's next version, which a HOT update must find there.
  SET (fillfactor = 90);

DROP INDEX items_low_stock_idx;
CREATE INDEX items_low_stock_idx ON items (id) WHERE low_stock;

DROP INDEX items_carousel_idx;
CREATE INDEX items_carousel_idx ON items (category_id, sold_out, (NOT colour_lead), name, id);

-- Substitutes now read each candidate's stock from its row.
DROP INDEX items_look_products_idx;
CREATE INDEX items_look_products_idx ON items (category_id, color, product_id) INCLUDE (id, size);
