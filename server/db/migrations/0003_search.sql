-- Every word the shop's search texts use, so a search can tell a typo from a word the shop simply
-- does not have, and find what was meant ("jakcet" → "jacket"). Trigram similarity alone cannot:
-- a swapped pair of letters leaves "jakcet" sharing two of seven trigrams with "jacket".
-- Words are only ever added; a word no text uses any more just finds nothing.
CREATE TABLE search_words (
  word text PRIMARY KEY CHECK (length(word) BETWEEN 1 AND 100)
);

CREATE FUNCTION collect_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w
    FROM new_rows, regexp_split_to_table(new_rows.search_text, '[^[:alnum:]]+') AS w
   WHERE length(w) BETWEEN 3 AND 100
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;

-- Once per statement, over all its rows: seeding 100,000 items stays a few bulk inserts.
CREATE TRIGGER items_search_words_insert AFTER INSERT ON items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION collect_search_words();
CREATE TRIGGER items_search_words_update AFTER UPDATE ON items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION collect_search_words();
CREATE TRIGGER outfits_search_words_insert AFTER INSERT ON outfits
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION collect_search_words();
CREATE TRIGGER outfits_search_words_update AFTER UPDATE ON outfits
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION collect_search_words();

INSERT INTO search_words (word)
SELECT DISTINCT w
  FROM (SELECT search_text FROM items UNION ALL SELECT search_text FROM outfits) AS texts,
       regexp_split_to_table(texts.search_text, '[^[:alnum:]]+') AS w
 WHERE length(w) BETWEEN 3 AND 100
ON CONFLICT DO NOTHING;

-- Search lists pieces whose name holds the words typed before those that only match by colour or
-- seller. These indexes let it ask for each group in id order and stop at the first page,
-- instead of ranking every match (tens of thousands for a colour in a large catalogue).
CREATE INDEX items_name_trgm_idx ON items USING gin (lower(name) gin_trgm_ops);
CREATE INDEX outfits_name_trgm_idx ON outfits USING gin (lower(name) gin_trgm_ops);
