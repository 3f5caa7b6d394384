-- A piece renamed wrote its outfits' words twice: once from items_words_changed (0051), for every
-- outfit wearing its product, and once from the statement trigger on outfit_items, fired by
-- items_words_to_pieces (0070) copying the item's words to its pieces. The second alone is
-- enough: an outfit's words hold its own pieces, and a product's other items are renamed by rows
-- of their own. It now fires on a change of name or seller, as 0051's did, so an outfit's
-- words follow even where the item's search_text reads the same (its colour sits between).
DROP TRIGGER items_words_changed ON items;
DROP TRIGGER items_words_to_pieces ON items;
CREATE TRIGGER items_words_to_pieces AFTER UPDATE OF name, seller ON items
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.seller IS DISTINCT FROM NEW.seller)
  EXECUTE FUNCTION items_words_to_pieces();
