-- The feed's ranking weighs the catalogue's shape: which five pieces make each outfit, each
-- piece's product, category and colour, each outfit's occasion, and which items share a look.
-- Every app process keeps that shape in memory (server/features/feed/catalogue-shape.ts) and
-- asks the database for the shopper's own history only. The shape changes when an administrator
-- designs, redesigns or deletes an outfit, or when items are added or taken away: rarely, and
-- never with stock.
--
-- Any such change moves this counter on, once per statement, in the transaction that makes it.
-- A ranking reads the counter with the shopper's history; when it has moved since the process
-- read the shape, the shape is read again before the ranking goes on, so a committed change
-- is in the next ranking anywhere.
CREATE TABLE catalogue_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL
);
INSERT INTO catalogue_version (version) VALUES (1);

CREATE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER outfits_shape_changed AFTER INSERT OR DELETE OR UPDATE OF occasion_id ON outfits
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
CREATE TRIGGER outfit_items_shape_changed AFTER INSERT OR DELETE OR UPDATE ON outfit_items
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
CREATE TRIGGER items_shape_changed
  AFTER INSERT OR DELETE OR UPDATE OF category_id, product_id, color ON items
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
CREATE TRIGGER outfits_shape_truncated AFTER TRUNCATE ON outfits
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
CREATE TRIGGER outfit_items_shape_truncated AFTER TRUNCATE ON outfit_items
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
CREATE TRIGGER items_shape_truncated AFTER TRUNCATE ON items
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
