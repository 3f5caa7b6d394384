-- An item's name and seller are its product's, copied so that search and cards need no join
-- (0001). The key keeps those copies honest now, as it does the category: renaming a product
-- renames its items, and an item alone cannot be renamed.
ALTER TABLE products ADD CONSTRAINT products_id_name_seller_key UNIQUE (id, name, seller);
ALTER TABLE items
  ADD CONSTRAINT items_product_name_seller_fkey FOREIGN KEY (product_id, name, seller)
    REFERENCES products (id, name, seller) ON UPDATE CASCADE ON DELETE RESTRICT;

-- Item search of two or more words finds the colour leads that may hold every one of them from
-- one index: each product's words (name, seller, description, split at every character that is
-- not a letter or digit, so at every word start a regular expression's `\m` sees and a few more)
-- and what it is (`_c` and its category, `_g` and its garment). A tsquery of word prefixes
-- intersects the words' products inside the index, where each word's own leads would be
-- thousands to gather and intersect. It finds a superset: the pieces are checked after.
ALTER TABLE products
  ADD COLUMN words tsvector GENERATED ALWAYS AS (
    array_to_tsvector(
      array_remove(regexp_split_to_array(lower(name || ' ' || seller || ' ' || description),
                                         '[^[:alnum:]]+'), '')
      || ARRAY['_c' || category_id, '_g' || garment])) STORED;
CREATE INDEX products_words_idx ON products USING gin (words);
