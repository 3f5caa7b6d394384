-- GET /api/design/substitutes/:itemId picks one size of each other product in the piece's
-- category and colour, then the best stocked of those. This index hands that pick every item it
-- needs in product order, from the index alone, however many the category and colour hold.
CREATE INDEX items_look_products_idx ON items (category_id, color, product_id)
  INCLUDE (id, size, stock);
