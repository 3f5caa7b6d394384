-- Favourite pieces are counted by category (GET /api/favorites/categories). A favourite now
-- carries its item's category, as closet pieces do (0027): the count reads the shopper's rows
-- from one index, not each favourite's item (1,520 probes for a shopper with 2,000 likes and
-- 500 hearts). A trigger copies the category from the item; the composite key to items refuses
-- one written wrong by hand.
ALTER TABLE item_favorites ADD COLUMN category_id smallint;
UPDATE item_favorites f SET category_id = i.category_id FROM items i WHERE i.id = f.item_id;
ALTER TABLE item_favorites ALTER COLUMN category_id SET NOT NULL,
  ADD CONSTRAINT item_favorites_item_category_fkey
    FOREIGN KEY (item_id, category_id) REFERENCES items (id, category_id) ON DELETE CASCADE;

-- The closet's function (0027) copies any row's category from its item: it serves both tables.
ALTER FUNCTION closet_items_copy_category() RENAME TO copy_item_category;
CREATE TRIGGER item_favorites_copy_category BEFORE INSERT OR UPDATE OF item_id ON item_favorites
  FOR EACH ROW EXECUTE FUNCTION copy_item_category();

-- The shopper's rows by outfit already had an index; it now holds each row's item and category.
DROP INDEX item_favorites_user_outfit_idx;
CREATE INDEX item_favorites_user_outfit_idx ON item_favorites (user_id, outfit_id)
  INCLUDE (item_id, category_id);
