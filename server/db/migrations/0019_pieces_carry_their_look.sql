-- The feed's ranking reads the pieces of every outfit it weighs: the ones a shopper swiped (their
-- taste) and a few hundred candidates. For each piece it wants the product, the category and the
-- colour, and each came from a visit to items: a primary-key lookup and a heap page per piece.
-- For a benchmark shopper's first visit at full size that was 2,400 visits, and 9,000 of the
-- ranking's 13,400 buffers; the stock of every candidate's pieces was among them (now only the
-- best candidates' stock is looked up, see rankFeed).
--
-- A piece now carries its product and colour, as it already carried its category, and the
-- primary key holds them all, so an outfit's five pieces with everything the ranking weighs are
-- read from one index entry range, without the heap of either table.
--
-- Writers of outfit_items name the item alone; a trigger copies the rest from it. An item's
-- product and colour never change (items_keep_variant, 0008), so a copy stays true, and a
-- composite foreign key to items, as for category_id, refuses one written wrong by hand.
--
-- Filling the copies changes no outfit, so the five-slot check and the change announcements are
-- off while it runs (left on, their pending events would also stop the ALTER TABLEs after it).
ALTER TABLE outfit_items ADD COLUMN product_id integer, ADD COLUMN color text,
  DISABLE TRIGGER outfit_items_five_slots, DISABLE TRIGGER outfit_items_notify;
UPDATE outfit_items oi SET product_id = i.product_id, color = i.color
  FROM items i
 WHERE i.id = oi.item_id;
ALTER TABLE outfit_items ALTER COLUMN product_id SET NOT NULL, ALTER COLUMN color SET NOT NULL,
  ENABLE TRIGGER outfit_items_five_slots, ENABLE TRIGGER outfit_items_notify;

ALTER TABLE items ADD CONSTRAINT items_id_product_color_key UNIQUE (id, product_id, color);
ALTER TABLE outfit_items ADD CONSTRAINT outfit_items_item_look_fkey
  FOREIGN KEY (item_id, product_id, color) REFERENCES items (id, product_id, color)
  ON DELETE RESTRICT;

CREATE FUNCTION outfit_items_copy_look() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT i.product_id, i.color INTO NEW.product_id, NEW.color FROM items i WHERE i.id = NEW.item_id;
  RETURN NEW;
END $$;

CREATE TRIGGER outfit_items_copy_look BEFORE INSERT OR UPDATE OF item_id ON outfit_items
  FOR EACH ROW EXECUTE FUNCTION outfit_items_copy_look();

ALTER TABLE outfit_items DROP CONSTRAINT outfit_items_pkey,
  ADD CONSTRAINT outfit_items_pkey PRIMARY KEY (outfit_id, slot)
    INCLUDE (item_id, category_id, product_id, color);
