-- Item search keeps the result pages it has just found for a few seconds: which product colours
-- match, in order, and what each of their sizes is (name, price, picture); never stock or hearts,
-- which are read afresh. They depend on the catalogue's items alone, so any statement that adds,
-- removes or changes items (but for their stock) announces that every kept page is stale.
CREATE FUNCTION notify_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('drape_catalogue_changed', '*');
  RETURN NULL;
END $$;

CREATE TRIGGER items_catalogue_notify AFTER INSERT OR DELETE ON items
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();

-- Stock changes (every checkout) are not announced: search pages do not hold them.
CREATE TRIGGER items_catalogue_notify_update
  AFTER UPDATE OF name, seller, color, color_hex, size, price_cents, image, category_id,
                  product_id, colour_lead ON items
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
