-- Outfit search of words finds the outfits that may hold every one of them from one index, as
-- item search does from the products' words (0050), and tells how each holds them from the same
-- row. An outfit holds a word in its name, its description, its occasion or one of its pieces
-- (the piece's name, seller or colour, or what it is). Its words are of two kinds:
-- - to find it: every word of its name, description and occasion and of its pieces' names,
--   sellers and colours, with each piece's category (`_c`), garment (`_g`) and colour (`_k`);
-- - to tell which piece holds what: each piece's words and tokens again, behind its slot and
--   field (`top.n.` name, `top.s.` seller, `top.c.` colour's words, `top.k.` colour, `top.t.`
--   category, `top.g.` garment).
-- Words are split exactly where a regular expression's word starts are (`\m`: letters, digits and
-- `_` make words), so a prefix of a word here is a word start there: the pieces' flags are read
-- from these words alone, not checked after (unlike the products' words of 0050). They are kept in a table of
-- their own, so that keeping them announces nothing: the triggers below write them again
-- whenever an outfit, its pieces or what those pieces are change.
CREATE TABLE outfit_words (
  outfit_id integer PRIMARY KEY REFERENCES outfits (id) ON DELETE CASCADE,
  words     tsvector NOT NULL
);
CREATE INDEX outfit_words_idx ON outfit_words USING gin (words);

-- In PL/pgSQL, whose statements keep their plans for the session: a design write asks for them
-- again at once.
CREATE FUNCTION outfit_words_of(outfit integer) RETURNS tsvector LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (WITH pieces AS (
    SELECT oi.slot, i.name, i.seller, i.color, i.category_id, p.garment
      FROM outfit_items oi
      JOIN items i ON i.id = oi.item_id
      JOIN products p ON p.id = i.product_id
     WHERE oi.outfit_id = outfit),
  texts (field, slot, text) AS (
    SELECT NULL, NULL, concat_ws(' ', o.name, o.description, oc.name)
      FROM outfits o JOIN occasions oc ON oc.id = o.occasion_id
     WHERE o.id = outfit
    UNION ALL
    SELECT f.field, pc.slot, f.text
      FROM pieces pc, LATERAL (VALUES ('n', pc.name), ('s', pc.seller), ('c', pc.color)) AS f (field, text)),
  tokens (token) AS (
    SELECT w FROM texts t, unnest(regexp_split_to_array(lower(t.text), '[^[:alnum:]_]+')) AS w
     WHERE w <> ''
    UNION ALL
    SELECT t.slot || '.' || t.field || '.' || w
      FROM texts t, unnest(regexp_split_to_array(lower(t.text), '[^[:alnum:]_]+')) AS w
     WHERE t.slot IS NOT NULL AND w <> ''
    UNION ALL
    SELECT v.token
      FROM pieces pc,
           LATERAL (VALUES ('_c' || pc.category_id), ('_g' || pc.garment), ('_k' || pc.color),
                           (pc.slot || '.t.' || pc.category_id), (pc.slot || '.g.' || pc.garment),
                           (pc.slot || '.k.' || pc.color)) AS v (token))
  SELECT array_to_tsvector(ARRAY(SELECT DISTINCT token FROM tokens))
    FROM outfits o WHERE o.id = outfit);
END $$;

-- The words of these outfits, written again; an outfit gone has none.
CREATE FUNCTION refresh_outfit_words(outfit_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO outfit_words (outfit_id, words)
  SELECT o.id, outfit_words_of(o.id) FROM outfits o WHERE o.id = ANY (outfit_ids)
  ON CONFLICT (outfit_id) DO UPDATE SET words = EXCLUDED.words;
END $$;

CREATE FUNCTION outfit_words_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_outfit_words(ARRAY[NEW.id]);
  RETURN NULL;
END $$;
CREATE TRIGGER outfits_words_renamed AFTER UPDATE OF name, description, occasion_id ON outfits
  FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.description IS DISTINCT FROM NEW.description
        OR OLD.occasion_id IS DISTINCT FROM NEW.occasion_id)
  EXECUTE FUNCTION outfit_words_renamed();

-- An outfit's words are first written with its pieces, which come in the statement after it.
CREATE FUNCTION outfit_items_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_outfit_words(ARRAY(SELECT DISTINCT outfit_id FROM changed));
  RETURN NULL;
END $$;
CREATE TRIGGER outfit_items_words_added AFTER INSERT ON outfit_items
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION outfit_items_words_changed();
CREATE TRIGGER outfit_items_words_changed AFTER UPDATE ON outfit_items
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION outfit_items_words_changed();
CREATE TRIGGER outfit_items_words_removed AFTER DELETE ON outfit_items
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION outfit_items_words_changed();

-- A piece renamed (its product renamed, 0050) or a product's garment changed: the outfits
-- wearing that product, named by the column the trigger gives (`product_id` of an item, `id` of
-- a product). A product renamed renames each of its items, each writing those outfits' words
-- again: a catalogue edit, rare. A piece's colour does not change (0008), nor its category
-- while its product's key holds it (0001).
CREATE FUNCTION outfits_wearing_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_outfit_words(ARRAY(
    SELECT DISTINCT oi.outfit_id FROM outfit_items oi
     WHERE oi.product_id = (to_jsonb(NEW) ->> TG_ARGV[0])::integer));
  RETURN NULL;
END $$;
CREATE TRIGGER items_words_changed AFTER UPDATE OF name, seller ON items
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.seller IS DISTINCT FROM NEW.seller)
  EXECUTE FUNCTION outfits_wearing_changed('product_id');
CREATE TRIGGER products_words_changed AFTER UPDATE OF garment ON products
  FOR EACH ROW WHEN (OLD.garment IS DISTINCT FROM NEW.garment)
  EXECUTE FUNCTION outfits_wearing_changed('id');

-- An occasion renamed: the outfits for it.
CREATE FUNCTION occasions_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_outfit_words(
    ARRAY(SELECT o.id FROM outfits o WHERE o.occasion_id = NEW.id));
  RETURN NULL;
END $$;
CREATE TRIGGER occasions_words_changed AFTER UPDATE OF name ON occasions
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION occasions_words_changed();

INSERT INTO outfit_words (outfit_id, words) SELECT id, outfit_words_of(id) FROM outfits;
