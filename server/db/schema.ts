/**
 * Drizzle's view of the tables. The SQL in ./migrations is the source of truth for constraints,
 * triggers and indexes; this file mirrors the columns so queries are typed.
 */

import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { LOW_STOCK } from '../../contracts/design';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  email: text('email'),
  isAdmin: boolean('is_admin').notNull().default(false),
  createdAt: createdAt(),
});

export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export const categories = pgTable('categories', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
  slot: text('slot').$type<'outerwear' | 'top' | 'accessory' | 'bottom' | 'footwear'>().notNull(),
});

export const occasions = pgTable('occasions', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
});

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  categoryId: smallint('category_id').notNull(),
  garment: text('garment').notNull(),
  seller: text('seller').notNull(),
  description: text('description').notNull(),
});

export const items = pgTable('items', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull(),
  categoryId: smallint('category_id').notNull(),
  name: text('name').notNull(),
  seller: text('seller').notNull(),
  color: text('color').notNull(),
  colorHex: text('color_hex').notNull(),
  size: text('size').notNull(),
  priceCents: integer('price_cents').notNull(),
  stock: integer('stock').notNull(),
  image: text('image').notNull(),
  searchText: text('search_text').generatedAlwaysAs(
    sql`lower(name || ' ' || color || ' ' || seller)`,
  ),
  /** The first item (lowest id) of its product colour; kept by triggers (0008_colour_leads.sql). */
  colourLead: boolean('colour_lead').notNull().default(false),
  /** Stock as the indexes see it (0068): a sale changes these only when it sells out or runs low. */
  soldOut: boolean('sold_out').generatedAlwaysAs(sql`stock = 0`),
  lowStock: boolean('low_stock').generatedAlwaysAs(sql`stock <= ${sql.raw(String(LOW_STOCK))}`),
});

export const outfits = pgTable('outfits', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  occasionId: smallint('occasion_id').notNull(),
  searchText: text('search_text').generatedAlwaysAs(sql`lower(name || ' ' || description)`),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The table also holds each piece's product_id and color (0019_pieces_carry_their_look.sql) and
 * its words (0070_pieces_carry_their_words.sql), copied from the item by a trigger. They are left
 * out here: nothing writes them, and only statements in SQL read them (outfit search, the search
 * of favourite pieces).
 */
export const outfitItems = pgTable(
  'outfit_items',
  {
    outfitId: integer('outfit_id').notNull(),
    slot: text('slot').$type<'outerwear' | 'top' | 'accessory' | 'bottom' | 'footwear'>().notNull(),
    itemId: integer('item_id').notNull(),
    categoryId: smallint('category_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.outfitId, t.slot] })],
);

export const swipes = pgTable(
  'swipes',
  {
    userId: integer('user_id').notNull(),
    outfitId: integer('outfit_id').notNull(),
    direction: text('direction').$type<'like' | 'nope'>().notNull(),
    /** For a like: its pieces are rows of item_favorites, not the outfit's own five (0015). */
    piecesWritten: boolean('pieces_written').notNull().default(false),
    createdAt: createdAt(),
    /** The outfit's occasion, kept with it (0044); an insert without it gets it by trigger. */
    occasionId: smallint('occasion_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.outfitId] })],
);

/** Outfits liked, then unfavourited: the feed leaves them out until passes come back (0064). */
export const unfavoritedOutfits = pgTable(
  'unfavorited_outfits',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    outfitId: integer('outfit_id')
      .notNull()
      .references(() => outfits.id, { onDelete: 'cascade' }),
    unfavoritedAt: timestamp('unfavorited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.outfitId] })],
);

/** When each shopper last brought back their passed outfits: undo stops there (0061). */
export const passedOutfitsRestored = pgTable('passed_outfits_restored', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  restoredAt: timestamp('restored_at', { withTimezone: true }).notNull(),
});

/** Each shopper's feed ranked ahead of time, best first (0007_feed_queue.sql). */
export const feedQueue = pgTable(
  'feed_queue',
  {
    userId: integer('user_id').notNull(),
    outfitId: integer('outfit_id').notNull(),
    position: integer('position').notNull(),
    filledAt: timestamp('filled_at', { withTimezone: true }).notNull().defaultNow(),
    /** What placed it in the ranking (0031; required since 0056): a `QueuedReason` of the feed. */
    reason: jsonb('reason').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.outfitId] })],
);

/**
 * The table also holds each favourite's category (0037) and words (0072), copied from the item by
 * a trigger; left out here for the same reason as the pieces' look above.
 */
export const itemFavorites = pgTable('item_favorites', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  itemId: integer('item_id').notNull(),
  outfitId: integer('outfit_id'),
  /** 'heart': the shopper hearted it; 'outfit': it came with a right swipe on outfitId. */
  source: text('source').$type<'heart' | 'outfit'>().notNull(),
  quantity: smallint('quantity').notNull().default(1),
  /** The shopper chose the size (0059); otherwise it is the one the piece came in. */
  sizeChosen: boolean('size_chosen').notNull().default(false),
  createdAt: createdAt(),
});

/**
 * Every favourite piece: the rows of item_favorites, and the five pieces of each liked outfit
 * whose pieces are not written out (0015_liked_pieces_follow_the_like.sql). Read-only.
 */
export const favoritePieces = pgView('favorite_pieces', {
  userId: integer('user_id').notNull(),
  itemId: integer('item_id').notNull(),
  outfitId: integer('outfit_id'),
  source: text('source').$type<'heart' | 'outfit'>().notNull(),
  quantity: smallint('quantity').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /** A row of item_favorites; false for a piece that follows from a like. */
  written: boolean('written').notNull(),
  sizeChosen: boolean('size_chosen').notNull(),
}).existing();

export const cartLines = pgTable(
  'cart_lines',
  {
    userId: integer('user_id').notNull(),
    itemId: integer('item_id').notNull(),
    quantity: smallint('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its variant was last chosen (0075): for the size Purchase Outfit remembers. */
    chosenAt: timestamp('chosen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] })],
);

export const addresses = pgTable('addresses', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  nickname: text('nickname').notNull(),
  recipientName: text('recipient_name'),
  phone: text('phone'),
  streetAddress: text('street_address').notNull(),
  streetAddress2: text('street_address_2'),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zip: text('zip').notNull(),
  preferred: boolean('preferred').notNull().default(false),
  createdAt: createdAt(),
});

export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  number: text('number').notNull(),
  userId: integer('user_id').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  paymentMethod: text('payment_method').$type<'paypal' | 'apple_pay'>().notNull(),
  paymentReference: text('payment_reference').notNull(),
  subtotalCents: integer('subtotal_cents').notNull(),
  shippingCents: integer('shipping_cents').notNull(),
  totalCents: integer('total_cents').notNull(),
  shipNickname: text('ship_nickname').notNull(),
  shipRecipientName: text('ship_recipient_name'),
  shipPhone: text('ship_phone'),
  shipStreetAddress: text('ship_street_address').notNull(),
  shipStreetAddress2: text('ship_street_address_2'),
  shipCity: text('ship_city').notNull(),
  shipState: text('ship_state').notNull(),
  shipZip: text('ship_zip').notNull(),
  arrivesFrom: date('arrives_from', { mode: 'string' }).notNull(),
  arrivesTo: date('arrives_to', { mode: 'string' }).notNull(),
  emailedAt: timestamp('emailed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const orderLines = pgTable('order_lines', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull(),
  itemId: integer('item_id'),
  productId: integer('product_id'),
  name: text('name').notNull(),
  color: text('color').notNull(),
  size: text('size').notNull(),
  image: text('image').notNull(),
  unitPriceCents: integer('unit_price_cents').notNull(),
  quantity: smallint('quantity').notNull(),
  lineTotalCents: integer('line_total_cents').notNull(),
});

/** The shop's record of a payment the shopper approves at the provider (0023). */
export const paymentSessions = pgTable('payment_sessions', {
  id: text('id').primaryKey(),
  userId: integer('user_id').notNull(),
  paymentMethod: text('payment_method').$type<'paypal' | 'apple_pay'>().notNull(),
  addressId: integer('address_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  status: text('status').$type<'pending' | 'approved' | 'cancelled' | 'captured'>().notNull(),
  idempotencyKey: text('idempotency_key'),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * The checkout's ledger of money, a row per checkout key (0054): written before the charge, then
 * claimed by the order's write (`ordered`) or by a refund (`refunding`, then `refunded`).
 * `charged` is a charge whose order was not written, returned by the sweep if it stays so;
 * `unknown` one whose provider never answered, set aside by the sweep for the shop.
 */
export const checkoutCharges = pgTable(
  'checkout_charges',
  {
    userId: integer('user_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    state: text('state')
      .$type<
        'charging' | 'declined' | 'charged' | 'ordered' | 'refunding' | 'refunded' | 'unknown'
      >()
      .notNull(),
    amountCents: integer('amount_cents'),
    paymentMethod: text('payment_method').$type<'paypal' | 'apple_pay'>(),
    orderNumber: text('order_number'),
    reference: text('reference'),
    undeclined: integer('undeclined').notNull().default(1),
    createdAt: createdAt(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.idempotencyKey] })],
);

/**
 * The table also holds each piece's category (0027) and words (0076), copied from the item by a
 * trigger; left out here as the favourites' are.
 */
export const closetItems = pgTable(
  'closet_items',
  {
    userId: integer('user_id').notNull(),
    itemId: integer('item_id').notNull(),
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    firstBoughtAt: timestamp('first_bought_at', { withTimezone: true }).notNull().defaultNow(),
    lastBoughtAt: timestamp('last_bought_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] })],
);

/** Every word of the items' and outfits' search texts, kept by triggers (0003_search.sql). */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
});

/** A shopper's liked outfits per occasion, kept by the swipe triggers (0033). */
export const likesByOccasion = pgTable(
  'likes_by_occasion',
  {
    userId: integer('user_id').notNull(),
    occasionId: smallint('occasion_id').notNull(),
    likes: integer('likes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.occasionId] })],
);

/**
 * Each outfit's standing likes and rejects, moved by triggers on swipes in the swipe's own
 * statement (0028_how_shoppers_answer_outfits.sql, decision 011). `rateKey` is the like rate, or
 * -1 while nobody has answered; it is generated, and ordered by an index.
 */
export const outfitAnswers = pgTable('outfit_answers', {
  outfitId: integer('outfit_id').primaryKey(),
  likes: integer('likes').notNull(),
  rejects: integer('rejects').notNull(),
  rateKey: doublePrecision('rate_key').generatedAlwaysAs(
    sql`CASE WHEN likes + rejects = 0 THEN -1 ELSE likes::double precision / (likes + rejects) END`,
  ),
});
