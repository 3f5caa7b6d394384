-- The swipe feed finds outfits wearing a shopper's favourite looks (a category in a colour).
CREATE INDEX items_category_color_idx ON items (category_id, color);
