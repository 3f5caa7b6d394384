-- Every checkout lowers the stock of what it sold, and each of those updates cost far more than
-- the row it changed:
--
-- * items_sold_out_idx (stock = 0) named stock in its predicate, so no stock update could be a
--   heap-only (HOT) update: each wrote a new entry into all ten of the table's indexes, three of
--   them trigram indexes. Nothing reads that index since the feed checks stock against the
--   levels each process keeps (0011), so it goes. With stock in no index, and room left on each
--   page (fillfactor 90) for the new version of a row, a stock update writes the row alone. The
--   room is kept on pages written from now on; a shop migrated in place gets it on every page
--   with VACUUM FULL items, run by hand in a quiet moment (it locks the table while it runs).
-- * items_search_words_update ran for every update of items, stock included, splitting the
--   updated rows' search texts into words to add to the dictionary. It now runs only when a
--   name, colour or seller change gives an item a different search text.
DROP INDEX items_sold_out_idx;
ALTER TABLE items SET (fillfactor = 90);

CREATE FUNCTION collect_row_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w
    FROM regexp_split_to_table(NEW.search_text, '[^[:alnum:]]+') AS w
   WHERE length(w) BETWEEN 3 AND 100
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

DROP TRIGGER items_search_words_update ON items;
CREATE TRIGGER items_search_words_update AFTER UPDATE OF name, color, seller ON items
  FOR EACH ROW WHEN (NEW.search_text IS DISTINCT FROM OLD.search_text)
  EXECUTE FUNCTION collect_row_search_words();
