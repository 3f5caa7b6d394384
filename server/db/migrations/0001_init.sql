-- Drape's first schema. Money is integer cents; every foreign key says what happens on delete.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE users (
  id            serial PRIMARY KEY,
  username      text NOT NULL CHECK (length(username) BETWEEN 3 AND 40),
  password_hash text NOT NULL,
  first_name    text CHECK (length(first_name) <= 80),
  last_name     text CHECK (length(last_name) <= 80),
  email         text CHECK (length(email) <= 254),
  is_admin      boolean NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL DEFAULT now()
);
-- Usernames are unique without regard to case.
CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username));

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);

CREATE TABLE categories (
  id   smallint PRIMARY KEY,
  name text NOT NULL UNIQUE,
  slot text NOT NULL UNIQUE CHECK (slot IN ('outerwear', 'top', 'accessory', 'bottom', 'footwear'))
);

CREATE TABLE occasions (
  id   smallint PRIMARY KEY,
  name text NOT NULL UNIQUE
);

CREATE TABLE products (
  id          serial PRIMARY KEY,
  name        text NOT NULL,
  slug        text NOT NULL UNIQUE,
  category_id smallint NOT NULL REFERENCES categories (id) ON DELETE RESTRICT,
  garment     text NOT NULL,
  seller      text NOT NULL,
  description text NOT NULL,
  UNIQUE (id, category_id)
);
CREATE INDEX products_category_id_idx ON products (category_id);

-- An item is one variant of a product: its own colour, size, price, stock and picture.
-- category_id and name are copied from the product (kept honest by the composite key) so that
-- slot checks and search need no join.
CREATE TABLE items (
  id          serial PRIMARY KEY,
  product_id  integer NOT NULL,
  category_id smallint NOT NULL,
  name        text NOT NULL,
  seller      text NOT NULL,
  color       text NOT NULL,
  color_hex   text NOT NULL CHECK (color_hex ~ '^#[0-9a-fA-F]{6}$'),
  size        text NOT NULL,
  price_cents integer NOT NULL CHECK (price_cents > 0),
  stock       integer NOT NULL CHECK (stock >= 0),
  image       text NOT NULL,
  search_text text GENERATED ALWAYS AS (lower(name || ' ' || color || ' ' || seller)) STORED,
  FOREIGN KEY (product_id, category_id) REFERENCES products (id, category_id) ON DELETE RESTRICT,
  UNIQUE (product_id, color, size),
  UNIQUE (id, category_id)
);
CREATE INDEX items_category_id_idx ON items (category_id);
CREATE INDEX items_search_trgm_idx ON items USING gin (search_text gin_trgm_ops);
CREATE INDEX items_sold_out_idx ON items (id) WHERE stock = 0;

CREATE TABLE outfits (
  id          serial PRIMARY KEY,
  name        text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 80),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 1000),
  occasion_id smallint NOT NULL REFERENCES occasions (id) ON DELETE RESTRICT,
  search_text text GENERATED ALWAYS AS (lower(name || ' ' || description)) STORED,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX outfits_name_lower_key ON outfits (lower(name));
CREATE INDEX outfits_occasion_id_idx ON outfits (occasion_id);
CREATE INDEX outfits_search_trgm_idx ON outfits USING gin (search_text gin_trgm_ops);

-- One row per slot; the slot decides the category, and the composite key makes the item's
-- real category match it.
CREATE TABLE outfit_items (
  outfit_id   integer NOT NULL REFERENCES outfits (id) ON DELETE CASCADE,
  slot        text NOT NULL,
  item_id     integer NOT NULL,
  category_id smallint NOT NULL,
  PRIMARY KEY (outfit_id, slot),
  FOREIGN KEY (item_id, category_id) REFERENCES items (id, category_id) ON DELETE RESTRICT,
  CHECK (
    (slot = 'top' AND category_id = 1) OR
    (slot = 'bottom' AND category_id = 2) OR
    (slot = 'footwear' AND category_id = 3) OR
    (slot = 'outerwear' AND category_id = 6) OR
    (slot = 'accessory' AND category_id = 7)
  )
);
CREATE INDEX outfit_items_item_id_idx ON outfit_items (item_id);

-- Exactly five slots: checked at commit so an outfit and its pieces can be written in one
-- transaction in any order.
CREATE FUNCTION outfit_has_five_slots() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target integer;
  slot_count integer;
BEGIN
  IF TG_TABLE_NAME = 'outfits' THEN
    target := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    target := OLD.outfit_id;
  ELSE
    target := NEW.outfit_id;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM outfits WHERE id = target) THEN
    RETURN NULL;
  END IF;
  SELECT count(*) INTO slot_count FROM outfit_items WHERE outfit_id = target;
  IF slot_count <> 5 THEN
    RAISE EXCEPTION 'outfit % has % slots, needs exactly 5', target, slot_count
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER outfits_five_slots AFTER INSERT ON outfits
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION outfit_has_five_slots();
CREATE CONSTRAINT TRIGGER outfit_items_five_slots AFTER INSERT OR UPDATE OR DELETE ON outfit_items
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION outfit_has_five_slots();

-- One swipe per shopper and outfit.
CREATE TABLE swipes (
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  outfit_id  integer NOT NULL REFERENCES outfits (id) ON DELETE CASCADE,
  direction  text NOT NULL CHECK (direction IN ('like', 'nope')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, outfit_id)
);
CREATE INDEX swipes_user_created_idx ON swipes (user_id, created_at DESC);
CREATE INDEX swipes_outfit_id_idx ON swipes (outfit_id);

-- A favourite piece. outfit_id is the outfit it was hearted on or came with (if any);
-- source tells a piece the shopper hearted from one a right swipe brought along.
CREATE TABLE item_favorites (
  id         serial PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  item_id    integer NOT NULL REFERENCES items (id) ON DELETE CASCADE,
  outfit_id  integer REFERENCES outfits (id) ON DELETE CASCADE,
  source     text NOT NULL CHECK (source IN ('heart', 'outfit')),
  quantity   smallint NOT NULL DEFAULT 1 CHECK (quantity BETWEEN 0 AND 9),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT item_favorites_user_item_outfit_key UNIQUE NULLS NOT DISTINCT (user_id, item_id, outfit_id)
);
CREATE INDEX item_favorites_user_outfit_idx ON item_favorites (user_id, outfit_id);
CREATE INDEX item_favorites_item_id_idx ON item_favorites (item_id);

CREATE TABLE cart_lines (
  user_id  integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  item_id  integer NOT NULL REFERENCES items (id) ON DELETE CASCADE,
  quantity smallint NOT NULL CHECK (quantity BETWEEN 1 AND 9),
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, item_id)
);

CREATE TABLE addresses (
  id             serial PRIMARY KEY,
  user_id        integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  nickname       text NOT NULL CHECK (length(nickname) BETWEEN 1 AND 40),
  street_address text NOT NULL CHECK (length(street_address) BETWEEN 1 AND 120),
  city           text NOT NULL CHECK (length(city) BETWEEN 1 AND 60),
  state          text NOT NULL CHECK (state ~ '^[A-Z]{2}$'),
  zip            text NOT NULL CHECK (zip ~ '^[0-9]{5}(-[0-9]{4})?$'),
  preferred      boolean NOT NULL DEFAULT false,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX addresses_user_id_idx ON addresses (user_id);
-- One preferred address per shopper.
CREATE UNIQUE INDEX addresses_one_preferred_idx ON addresses (user_id) WHERE preferred;

-- Orders keep their own copy of the address and of every price: later edits change nothing.
CREATE TABLE orders (
  id                  serial PRIMARY KEY,
  number              text NOT NULL UNIQUE,
  user_id             integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  idempotency_key     text NOT NULL CHECK (length(idempotency_key) BETWEEN 8 AND 100),
  payment_method      text NOT NULL CHECK (payment_method IN ('paypal', 'apple_pay')),
  payment_reference   text NOT NULL,
  subtotal_cents      integer NOT NULL CHECK (subtotal_cents >= 0),
  shipping_cents      integer NOT NULL CHECK (shipping_cents >= 0),
  total_cents         integer NOT NULL CHECK (total_cents = subtotal_cents + shipping_cents),
  ship_nickname       text NOT NULL,
  ship_street_address text NOT NULL,
  ship_city           text NOT NULL,
  ship_state          text NOT NULL,
  ship_zip            text NOT NULL,
  arrives_from        date NOT NULL,
  arrives_to          date NOT NULL,
  emailed_at          timestamptz,
  created_at          timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX orders_user_created_idx ON orders (user_id, created_at DESC);

CREATE TABLE order_lines (
  id               serial PRIMARY KEY,
  order_id         integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  item_id          integer REFERENCES items (id) ON DELETE SET NULL,
  product_id       integer REFERENCES products (id) ON DELETE SET NULL,
  name             text NOT NULL,
  color            text NOT NULL,
  size             text NOT NULL,
  image            text NOT NULL,
  unit_price_cents integer NOT NULL CHECK (unit_price_cents > 0),
  quantity         smallint NOT NULL CHECK (quantity BETWEEN 1 AND 9),
  line_total_cents integer NOT NULL CHECK (line_total_cents = unit_price_cents * quantity)
);
CREATE INDEX order_lines_order_id_idx ON order_lines (order_id);

-- What a shopper owns: filled by checkout in the same transaction as the order.
CREATE TABLE closet_items (
  user_id         integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  item_id         integer NOT NULL REFERENCES items (id) ON DELETE RESTRICT,
  product_id      integer NOT NULL REFERENCES products (id) ON DELETE RESTRICT,
  quantity        integer NOT NULL CHECK (quantity > 0),
  first_bought_at timestamptz NOT NULL DEFAULT now(),
  last_bought_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, item_id)
);
CREATE INDEX closet_items_user_product_idx ON closet_items (user_id, product_id);
