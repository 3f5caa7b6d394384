-- Outfit search finds the product colours that hold a word, then the outfits wearing one of
-- them. Pieces carry their product and colour (0019), so this index leads from a product colour
-- straight to its outfits, without first listing every size of it.
CREATE INDEX outfit_items_look_idx ON outfit_items (product_id, color) INCLUDE (outfit_id);
