-- An outfit's words (0051) are read from rows two transactions can change at once: a designer's
-- pieces and occasion, a product's name, seller and garment, an occasion's name. Under READ
-- COMMITTED each side wrote the words from what it saw, and a product's garment changed by hand
-- while a designer gave an outfit one of its pieces left that outfit without the new garment.
-- Both now take one lock (locks.ts: `outfitWords`) before any row the words are read from, and
-- read after it, in statements of their own, what the other committed. Every change whose
-- triggers write outfit words takes it first, in a statement trigger, before its statement locks
-- a row, so the words' triggers (0051) read after it; an outfit's change in the app takes it with
-- the closets' lock, before it (`lockOutfitChange`): a rename holding it may wait for a
-- purchase's rows, and a purchase waits for the closets. Purchases and swipes never take it.
CREATE FUNCTION outfit_words_take_turns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7303);
  RETURN NULL;
END $$;
CREATE TRIGGER products_words_take_turns BEFORE UPDATE OF name, seller, garment ON products
  FOR EACH STATEMENT EXECUTE FUNCTION outfit_words_take_turns();
CREATE TRIGGER items_words_take_turns BEFORE UPDATE OF name, seller ON items
  FOR EACH STATEMENT EXECUTE FUNCTION outfit_words_take_turns();
CREATE TRIGGER occasions_words_take_turns BEFORE UPDATE OF name ON occasions
  FOR EACH STATEMENT EXECUTE FUNCTION outfit_words_take_turns();
-- An outfit changed by hand: before its closets' trigger takes the closets (0027).
CREATE TRIGGER outfits_words_take_turns BEFORE INSERT OR UPDATE OR DELETE ON outfits
  FOR EACH STATEMENT EXECUTE FUNCTION outfit_words_take_turns();
CREATE TRIGGER outfit_items_words_take_turns BEFORE INSERT OR UPDATE OR DELETE ON outfit_items
  FOR EACH STATEMENT EXECUTE FUNCTION outfit_words_take_turns();
