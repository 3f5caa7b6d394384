-- An outfit's words (0051) are read from rows two transactions can change at once: a designer's
-- pieces and occasion, a product's name and garment, an occasion's name. Each side writes the
-- words from what it sees, and neither sees the other's change before it commits. Two of these
-- pairs already took turns through locks held for other reasons (a product renamed and a
-- redesign both write the catalogue's version; an occasion's name is a key its outfits hold),
-- but a product's garment changed by hand while a designer gave an outfit one of its pieces left
-- that outfit without the new garment: the change's trigger never saw the outfit wear it. Every
-- trigger that writes outfit words now takes one lock first (locks.ts: `outfitWords`) and reads
-- after it, so the second of two such transactions waits for the first to commit and then reads,
-- in statements of its own, what the first wrote. Only these triggers take it: purchases and
-- swipes never wait for it.
CREATE FUNCTION lock_outfit_words() RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(7303)
$$;

CREATE OR REPLACE FUNCTION outfit_words_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_outfit_words();
  PERFORM refresh_outfit_words(ARRAY[NEW.id]);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION outfit_items_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_outfit_words();
  PERFORM refresh_outfit_words(ARRAY(SELECT DISTINCT outfit_id FROM changed));
  RETURN NULL;
END $$;

-- The outfits wearing the product are read after the lock: an outfit a designer has just given
-- one of its pieces is among them once that designer has committed.
CREATE OR REPLACE FUNCTION outfits_wearing_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_outfit_words();
  PERFORM refresh_outfit_words(ARRAY(
    SELECT DISTINCT oi.outfit_id FROM outfit_items oi
     WHERE oi.product_id = (to_jsonb(NEW) ->> TG_ARGV[0])::integer));
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION occasions_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_outfit_words();
  PERFORM refresh_outfit_words(
    ARRAY(SELECT o.id FROM outfits o WHERE o.occasion_id = NEW.id));
  RETURN NULL;
END $$;
