import type { Cart, CartLine } from '../../contracts/cart';
import type { Item, Product } from '../../contracts/catalog';
import type { FavoriteItem, FavoriteOutfit } from '../../contracts/favorites';
import type { FeedOutfit } from '../../contracts/feed';
import type { Address } from '../../contracts/shipping';
import type { User } from '../../contracts/user';

/** Ada, a signed-in shopper who is not an administrator and gave no e-mail. */
export const ada: User = {
  id: 7,
  username: 'ada',
  firstName: 'Ada',
  lastName: null,
  email: null,
  isAdmin: false,
};

const SLOTS = [
  ['outerwear', 6, 'Wool Trench'],
  ['top', 1, 'Silk Blouse'],
  ['accessory', 7, 'Leather Tote'],
  ['bottom', 2, 'Wide Trousers'],
  ['footwear', 3, 'Suede Loafer'],
] as const;

/** A Work outfit as the feed sends it: five black pieces in M, named after the outfit's id. */
export function feedOutfit(id: number, name = `Outfit ${id}`): FeedOutfit {
  return {
    id,
    name,
    description: '',
    occasionId: 5,
    occasion: 'Work',
    heartedItemIds: [],
    reason: { kind: 'occasion', text: 'You liked 3 Work looks' },
    items: SLOTS.map(([slot, categoryId, piece], i) => ({
      id: id * 10 + i,
      productId: i + 1,
      name: `${piece} ${id}`,
      img: '/images/items/trench/black.svg',
      categoryId,
      category: slot,
      price: '$10.00',
      priceCents: 1000,
      seller: 'Drape',
      color: 'Black',
      colorHex: '#1d1d1f',
      size: 'M',
      stock: 3,
      slot,
    })),
  };
}

/** A bag's line of a sage Linen Shirt in M at $45.00, `stock` left in the shop. */
export function cartLine(itemId: number, quantity: number, stock = 5): CartLine {
  return {
    itemId,
    productId: 1,
    name: 'Linen Shirt',
    img: '/images/x.svg',
    category: 'Tops',
    seller: 'Atelier',
    color: 'Sage',
    colorHex: '#9caf88',
    size: 'M',
    stock,
    quantity,
    unitPriceCents: 4500,
    unitPrice: '$45.00',
    lineTotalCents: 4500 * quantity,
    lineTotal: '',
  };
}

/** A bag holding `lines`, its sums as the server would make them. */
export function cartOf(lines: CartLine[]): Cart {
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const shippingCents = lines.length > 0 ? 1999 : 0;
  const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  return {
    lines,
    units: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents,
    subtotal: dollars(subtotalCents),
    shippingCents,
    shipping: dollars(shippingCents),
    totalCents: subtotalCents + shippingCents,
    total: dollars(subtotalCents + shippingCents),
    arrival: { from: '2026-11-30', to: '2026-12-02', text: 'Arrives: Nov 30-Dec 2' },
  };
}

/** The Linen Shirt of `cartLine`: sage in M (item 7) and L (item 8), five of each in stock. */
export function linenShirt(): Product {
  const variant = (itemId: number, size: string) => ({
    itemId,
    productId: 1,
    color: 'Sage',
    colorHex: '#9caf88',
    size,
    stock: 5,
    price: '$45.00',
    priceCents: 4500,
    img: '/images/x.svg',
  });
  return {
    id: 1,
    name: 'Linen Shirt',
    seller: 'Atelier',
    description: '',
    categoryId: 1,
    category: 'Tops',
    slot: 'top',
    sizes: ['M', 'L'],
    variants: [variant(7, 'M'), variant(8, 'L')],
    rememberedSize: null,
    heartedItemIds: [],
  };
}

/** A catalogue piece as the design area lists it: black, size M, $10.00, ten in stock, a Top. */
export function catalogItem(id: number, name: string, patch: Partial<Item> = {}): Item {
  return {
    id,
    productId: id,
    name,
    img: `/images/items/x/${id}.svg`,
    categoryId: 1,
    category: 'Tops',
    price: '$10.00',
    priceCents: 1000,
    seller: 'Drape',
    color: 'Black',
    colorHex: '#000000',
    size: 'M',
    stock: 10,
    ...patch,
  };
}

/** A piece hearted on its own, as the favourites' routes answer it. */
export function favoriteItem(id: number, name: string, patch: Partial<Item> = {}): FavoriteItem {
  return {
    ...catalogItem(id, name, patch),
    outfitId: null,
    outfitName: null,
    occasionId: null,
    source: 'heart',
    quantity: 1,
    sizeChosen: false,
    favoritedAt: '2026-03-01T09:00:00.000Z',
  };
}

/** A liked Brunch outfit as the favourites' routes answer it: each of its five pieces kept. */
export function favoriteOutfit(id: number, name: string): FavoriteOutfit {
  return {
    id,
    name,
    description: 'For a long lunch.',
    occasionId: 2,
    occasion: 'Brunch',
    favoritedAt: '2026-03-01T09:00:00.000Z',
    items: SLOTS.map(([slot], i) => ({
      ...catalogItem(id * 10 + i, `${slot} ${id}`),
      slot,
      favorite: { quantity: 1, sizeChosen: false },
    })),
  };
}

/** An address of Ada's in Springfield, at `${id} Main St`; `preferred` as given. */
export function address(id: number, nickname: string, preferred = false): Address {
  return {
    id,
    nickname,
    recipient_name: 'Ada Lovelace',
    phone: '555-0100',
    street_address: `${id} Main St`,
    street_address_2: null,
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    preferred,
  };
}
