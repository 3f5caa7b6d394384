-- The index of the items' words by id (0069) served the search of favourite pieces, which now
-- reads the words its pieces and hearts carry (0070, 0072). Nothing else reads it; it only cost
-- each write of an item.
DROP INDEX items_words_by_id_idx;
