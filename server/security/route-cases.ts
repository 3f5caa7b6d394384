import type { Slot } from '../../contracts/catalog';
import { fillPath, type Req, type SecurityFixture, type SignedIn } from './fixtures';

/**
 * Who may call a route: anyone (`public`), any signed-in account (`shopper`; an admin is one
 * too), or administrators only (`admin`).
 */
export type Access = 'public' | 'shopper' | 'admin';

/** The kinds of private rows the matrix proves another shopper cannot reach. */
export type OwnedKind =
  | 'address'
  | 'cart line'
  | 'favourite'
  | 'closet outfit'
  | 'order'
  | 'payment'
  | 'passed outfit';

export interface RouteCase {
  access: Access;
  /**
   * A valid request on `owner`'s own data; it may set things up first. Public routes are also
   * built for the visitor. A visitor or a shopper who may not call the route sends the request
   * built for shopper A (or the admin), unchanged.
   */
  request(f: SecurityFixture, owner: SignedIn | 'visitor'): Promise<Req>;
  /**
   * The same route aimed at shopper A's row, sent by shopper B and by the admin. `404` must be
   * the answer; `noop` routes are idempotent removals that answer 2xx but must change nothing.
   */
  foreign?: { kind: OwnedKind; answer: 404 | 'noop'; request(f: SecurityFixture): Promise<Req> };
}

const PASSWORD = 'correct-horse-battery';
const ADDRESS = {
  nickname: 'Studio',
  recipient_name: 'Sam Rivera',
  phone: '(555) 010-0142',
  street_address: '88 Canal Street',
  city: 'New York',
  state: 'NY',
  zip: '10013',
};

const get = (url: string): Req => ({ method: 'GET', url });

function pub(build: (f: SecurityFixture, owner: SignedIn | 'visitor') => Req | Promise<Req>) {
  return {
    access: 'public' as const,
    request: async (f: SecurityFixture, o: SignedIn | 'visitor') => build(f, o),
  };
}
function shopper(
  build: (f: SecurityFixture, owner: SignedIn) => Req | Promise<Req>,
  foreign?: RouteCase['foreign'],
): RouteCase {
  return {
    access: 'shopper',
    request: async (f, owner) => build(f, owner === 'visitor' ? 'shopperA' : owner),
    ...(foreign ? { foreign } : {}),
  };
}
function admin(build: (f: SecurityFixture) => Req | Promise<Req>): RouteCase {
  return { access: 'admin', request: async (f) => build(f) };
}

/** A payment opened by `owner` for a cart holding one piece, as the provider's sheet would see it. */
async function openPayment(f: SecurityFixture, owner: SignedIn): Promise<string> {
  await f.must(owner, { method: 'POST', url: '/api/cart', payload: { itemId: f.nextItem() } });
  const res = await f.must(owner, {
    method: 'POST',
    url: '/api/payments',
    payload: { addressId: f.holdings[owner].addressId, paymentMethod: 'paypal' },
  });
  return (res.json() as { id: string }).id;
}

/** A shopper's own swipe on a fresh outfit, so undo and unfavourite have something to act on. */
async function swipeFresh(f: SecurityFixture, owner: SignedIn, how: 'favorite' | 'reject') {
  const outfitId = f.nextOutfit();
  await f.must(owner, { method: 'POST', url: `/api/outfit/${how}`, payload: { outfitId } });
  return outfitId;
}

async function topPiece(f: SecurityFixture, outfitId: number): Promise<number> {
  const [row] = await f.sql.query<{ item_id: number }>(
    "SELECT item_id FROM outfit_items WHERE outfit_id = $1 AND slot = 'top'",
    [outfitId],
  );
  return row!.item_id;
}

async function heartVariant(f: SecurityFixture, owner: SignedIn) {
  const variant = f.variantItem();
  // Hearted afresh on its own: a heart given on a card (a piece has one) is taken away first.
  await f.must(owner, {
    method: 'DELETE',
    url: `/api/item/search/unfavorite/${variant.itemId}`,
  });
  await f.must(owner, {
    method: 'POST',
    url: '/api/item/search/favorite',
    payload: { itemId: variant.itemId },
  });
  return variant;
}

const slotRoute = (slot: Slot) =>
  admin(async (f) => get(`/api/design/${slot}/${await f.newOutfit()}`));

/**
 * The expected access of every route the app registers. The matrix test fails when a route is
 * missing here, so a new route cannot ship without saying who may call it.
 */
export const ROUTE_CASES: Record<string, RouteCase> = {
  // Documentation (Swagger UI and the OpenAPI document) is public.
  'GET /api/docs': pub(() => get('/api/docs')),
  'GET /api/docs/static/index.html': pub(() => get('/api/docs/static/index.html')),
  'GET /api/docs/static/swagger-initializer.js': pub(() =>
    get('/api/docs/static/swagger-initializer.js'),
  ),
  'GET /api/docs/json': pub(() => get('/api/docs/json')),
  'GET /api/docs/yaml': pub(() => get('/api/docs/yaml')),
  'GET /api/docs/static/*': pub(() => get('/api/docs/static/swagger-ui.css')),

  'GET /api/health/live': pub(() => get('/api/health/live')),
  'GET /api/health': pub(() => get('/api/health')),

  'POST /api/user/register': pub((f) => ({
    method: 'POST',
    url: '/api/user/register',
    payload: {
      username: f.unique('newcomer'),
      password: PASSWORD,
      firstName: 'Ada',
      email: 'new@example.com',
    },
  })),
  'GET /api/user/register/admin': pub(() => get('/api/user/register/admin')),
  'POST /api/user/login': pub((f) => ({
    method: 'POST',
    url: '/api/user/login',
    payload: { username: f.users.shopperA.username, password: PASSWORD },
  })),
  'POST /api/user/logout': pub(() => ({ method: 'POST', url: '/api/user/logout' })),
  'GET /api/user': shopper(() => get('/api/user')),

  'GET /api/occasions': pub(() => get('/api/occasions')),
  'GET /api/item/categories': pub(() => get('/api/item/categories')),
  'GET /api/item/all': pub(() => get('/api/item/all?limit=5')),
  'GET /api/item/:itemId/product': pub((f) => get(`/api/item/${f.nextItem()}/product`)),
  'GET /images/items/:garment/:file': pub((f) => get(f.catalogue.image)),

  'GET /api/cart': shopper(() => get('/api/cart')),
  'POST /api/cart': shopper((f) => ({
    method: 'POST',
    url: '/api/cart',
    payload: { itemId: f.nextItem(), quantity: 2 },
  })),
  'POST /api/cart/outfit': shopper(async (f, owner) => {
    const outfitId = f.holdings[owner].closetOutfitId;
    return {
      method: 'POST',
      url: '/api/cart/outfit',
      payload: { outfitId, itemIds: await f.outfitItemIds(outfitId) },
    };
  }),
  'GET /api/cart/outfit/:outfitId': shopper((f, owner) =>
    get(`/api/cart/outfit/${f.holdings[owner].closetOutfitId}`),
  ),
  'PATCH /api/cart/:itemId': shopper(
    async (f, owner) => {
      const variant = f.variantItem();
      await f.must(owner, {
        method: 'POST',
        url: '/api/cart',
        payload: { itemId: variant.itemId },
      });
      // Another size of the same colour that is in stock, so the move itself can succeed.
      const [sibling] = await f.sql.query<{ size: string }>(
        `SELECT o.size FROM items i JOIN items o ON o.product_id = i.product_id
            AND o.color = i.color AND o.id <> i.id AND o.stock > 0
          WHERE i.id = $1 ORDER BY o.id LIMIT 1`,
        [variant.itemId],
      );
      return {
        method: 'PATCH',
        url: `/api/cart/${variant.itemId}`,
        payload: { size: sibling?.size ?? variant.otherSize },
      };
    },
    {
      kind: 'cart line',
      answer: 404,
      async request(f) {
        const itemId = f.holdings.shopperA.cartItemId;
        await f.must('shopperA', { method: 'POST', url: '/api/cart', payload: { itemId } });
        return { method: 'PATCH', url: `/api/cart/${itemId}`, payload: { color: 'Black' } };
      },
    },
  ),
  'PUT /api/cart/:itemId': shopper(
    async (f, owner) => {
      const itemId = f.nextItem();
      await f.must(owner, { method: 'POST', url: '/api/cart', payload: { itemId } });
      return { method: 'PUT', url: `/api/cart/${itemId}`, payload: { quantity: 3 } };
    },
    {
      kind: 'cart line',
      answer: 404,
      async request(f) {
        const itemId = f.holdings.shopperA.cartItemId;
        await f.must('shopperA', { method: 'POST', url: '/api/cart', payload: { itemId } });
        return { method: 'PUT', url: `/api/cart/${itemId}`, payload: { quantity: 1 } };
      },
    },
  ),
  'DELETE /api/cart/:itemId': shopper(
    async (f, owner) => {
      const itemId = f.nextItem();
      await f.must(owner, { method: 'POST', url: '/api/cart', payload: { itemId } });
      return { method: 'DELETE', url: `/api/cart/${itemId}` };
    },
    {
      kind: 'cart line',
      answer: 404,
      async request(f) {
        const itemId = f.holdings.shopperA.cartItemId;
        await f.must('shopperA', { method: 'POST', url: '/api/cart', payload: { itemId } });
        return { method: 'DELETE', url: `/api/cart/${itemId}` };
      },
    },
  ),
  'DELETE /api/buy': shopper(() => ({ method: 'DELETE', url: '/api/buy' })),

  'GET /api/shipping': shopper(() => get('/api/shipping')),
  'POST /api/shipping': shopper((f) => ({
    method: 'POST',
    url: '/api/shipping',
    payload: { ...ADDRESS, nickname: f.unique('Studio ') },
  })),
  'PUT /api/shipping/:id': shopper(
    (f, owner) => ({
      method: 'PUT',
      url: `/api/shipping/${f.holdings[owner].addressId}`,
      payload: { ...ADDRESS, nickname: f.unique('Office ') },
    }),
    {
      kind: 'address',
      answer: 404,
      request: async (f) => ({
        method: 'PUT',
        url: `/api/shipping/${f.holdings.shopperA.addressId}`,
        payload: { ...ADDRESS, nickname: 'Stolen' },
      }),
    },
  ),
  'PUT /api/shipping/:id/preferred': shopper(
    (f, owner) => ({
      method: 'PUT',
      url: `/api/shipping/${f.holdings[owner].addressId}/preferred`,
    }),
    {
      kind: 'address',
      answer: 404,
      request: async (f) => ({
        method: 'PUT',
        url: `/api/shipping/${f.holdings.shopperA.addressId}/preferred`,
      }),
    },
  ),
  'DELETE /api/shipping/:addressId': shopper(
    async (f, owner) => ({ method: 'DELETE', url: `/api/shipping/${await f.newAddress(owner)}` }),
    {
      kind: 'address',
      answer: 404,
      request: async (f) => ({
        method: 'DELETE',
        url: `/api/shipping/${f.holdings.shopperA.addressId}`,
      }),
    },
  ),

  'POST /api/payments': shopper(
    async (f, owner) => {
      await f.must(owner, { method: 'POST', url: '/api/cart', payload: { itemId: f.nextItem() } });
      return {
        method: 'POST',
        url: '/api/payments',
        payload: { addressId: f.holdings[owner].addressId, paymentMethod: 'apple_pay' },
      };
    },
    {
      kind: 'address',
      answer: 404,
      async request(f) {
        // B opens a payment for B's own cart but names A's address.
        await f.must('shopperB', {
          method: 'POST',
          url: '/api/cart',
          payload: { itemId: f.nextItem() },
        });
        return {
          method: 'POST',
          url: '/api/payments',
          payload: { addressId: f.holdings.shopperA.addressId, paymentMethod: 'paypal' },
        };
      },
    },
  ),
  'POST /api/payments/:id/approve': shopper(
    async (f, owner) => ({
      method: 'POST',
      url: `/api/payments/${await openPayment(f, owner)}/approve`,
    }),
    {
      kind: 'payment',
      answer: 404,
      request: async (f) => ({
        method: 'POST',
        url: `/api/payments/${await openPayment(f, 'shopperA')}/approve`,
      }),
    },
  ),
  'POST /api/payments/:id/cancel': shopper(
    async (f, owner) => ({
      method: 'POST',
      url: `/api/payments/${await openPayment(f, owner)}/cancel`,
    }),
    {
      kind: 'payment',
      answer: 404,
      request: async (f) => ({
        method: 'POST',
        url: `/api/payments/${await openPayment(f, 'shopperA')}/cancel`,
      }),
    },
  ),

  'PUT /api/buy': shopper(
    async (f, owner) => {
      await f.must(owner, { method: 'POST', url: '/api/cart', payload: { itemId: f.nextItem() } });
      return {
        method: 'PUT',
        url: '/api/buy',
        payload: {
          addressId: f.holdings[owner].addressId,
          paymentMethod: 'apple_pay',
          idempotencyKey: f.unique('matrix-key-'),
        },
      };
    },
    {
      kind: 'address',
      answer: 404,
      async request(f) {
        // B pays for B's own cart but names A's address.
        await f.must('shopperB', {
          method: 'POST',
          url: '/api/cart',
          payload: { itemId: f.nextItem() },
        });
        return {
          method: 'PUT',
          url: '/api/buy',
          payload: {
            addressId: f.holdings.shopperA.addressId,
            paymentMethod: 'paypal',
            idempotencyKey: f.unique('foreign-key-'),
          },
        };
      },
    },
  ),
  'GET /api/buy': shopper(() => get('/api/buy')),
  'GET /api/buy/:number': shopper((f, owner) => get(`/api/buy/${f.holdings[owner].orderNumber}`), {
    kind: 'order',
    answer: 404,
    request: async (f) => get(`/api/buy/${f.holdings.shopperA.orderNumber}`),
  }),

  'GET /api/design/outfits': admin(() => get('/api/design/outfits')),
  'GET /api/design/outfits/:id': admin(async (f) =>
    get(`/api/design/outfits/${await f.newOutfit()}`),
  ),
  'POST /api/design/outfit/create': admin((f) => ({
    method: 'POST',
    url: '/api/design/outfit/create',
    payload: { name: f.unique('Matrix look '), occasion: 2, item_ids: f.catalogue.slotItems },
  })),
  'PUT /api/design/outfit/edit/:id': admin(async (f) => ({
    method: 'PUT',
    url: `/api/design/outfit/edit/${await f.newOutfit()}`,
    payload: { name: f.unique('Edited look '), occasion: 5, item_ids: f.catalogue.slotItems },
  })),
  'DELETE /api/design/outfit/delete/:id': admin(async (f) => ({
    method: 'DELETE',
    url: `/api/design/outfit/delete/${await f.newOutfit()}`,
  })),
  'GET /api/design/outerwear/:outfitId': slotRoute('outerwear'),
  'GET /api/design/top/:outfitId': slotRoute('top'),
  'GET /api/design/accessory/:outfitId': slotRoute('accessory'),
  'GET /api/design/bottom/:outfitId': slotRoute('bottom'),
  'GET /api/design/footwear/:outfitId': slotRoute('footwear'),
  'GET /api/item/design': admin(() => get('/api/item/design?limit=2')),
  'GET /api/design/substitutes/:itemId': admin((f) =>
    get(`/api/design/substitutes/${f.catalogue.slotItems.top}`),
  ),

  'GET /api/closet/outfits': shopper(() => get('/api/closet/outfits')),
  'GET /api/closet/outfits/:id': shopper(
    (f, owner) => get(`/api/closet/outfits/${f.holdings[owner].closetOutfitId}`),
    {
      kind: 'closet outfit',
      answer: 404,
      request: async (f) => get(`/api/closet/outfits/${f.holdings.shopperA.closetOutfitId}`),
    },
  ),
  'GET /api/closet/items/occasions': shopper(() => get('/api/closet/items/occasions')),
  'GET /api/closet/items/occasions/:occasion': shopper(() =>
    get(fillPath('/api/closet/items/occasions/:occasion', { occasion: 'Date Night' })),
  ),
  'GET /api/closet/items/category': shopper(() => get('/api/closet/items/category')),
  'GET /api/closet/items/category/:category': shopper(() =>
    get('/api/closet/items/category/Tops?q=a'),
  ),

  'GET /api/outfit/home': shopper(() => get('/api/outfit/home?limit=3')),
  'POST /api/outfit/favorite': shopper((f) => ({
    method: 'POST',
    url: '/api/outfit/favorite',
    payload: { outfitId: f.nextOutfit() },
  })),
  'POST /api/outfit/reject': shopper((f) => ({
    method: 'POST',
    url: '/api/outfit/reject',
    payload: { outfitId: f.nextOutfit() },
  })),
  'POST /api/outfit/undo': shopper(async (f, owner) => {
    await swipeFresh(f, owner, 'reject');
    return { method: 'POST', url: '/api/outfit/undo' };
  }),
  'POST /api/outfit/rejected/reset': shopper(
    async (f, owner) => {
      await swipeFresh(f, owner, 'reject');
      return { method: 'POST', url: '/api/outfit/rejected/reset' };
    },
    {
      kind: 'passed outfit',
      answer: 'noop',
      async request(f) {
        // B and the admin put back what they passed themselves, so the reset they send next has
        // nothing of theirs to restore: any change it made would be to A's swipes.
        for (const actor of ['shopperB', 'admin'] as const) {
          await f.must(actor, { method: 'POST', url: '/api/outfit/rejected/reset' });
        }
        await swipeFresh(f, 'shopperA', 'reject');
        return { method: 'POST', url: '/api/outfit/rejected/reset' };
      },
    },
  ),
  'POST /api/outfit/search/unfavorite': shopper(
    async (f, owner) => ({
      method: 'POST',
      url: '/api/outfit/search/unfavorite',
      payload: { outfitId: await swipeFresh(f, owner, 'favorite') },
    }),
    {
      kind: 'favourite',
      answer: 'noop',
      request: async (f) => ({
        method: 'POST',
        url: '/api/outfit/search/unfavorite',
        payload: { outfitId: f.holdings.shopperA.likedOutfitId },
      }),
    },
  ),
  'POST /api/item/favorite': shopper(async (f) => {
    const outfitId = f.nextOutfit();
    return {
      method: 'POST',
      url: '/api/item/favorite',
      payload: { itemId: await topPiece(f, outfitId), outfitId },
    };
  }),
  'DELETE /api/item/unfavorite/:itemId/:outfitId': shopper(
    async (f, owner) => {
      const outfitId = f.nextOutfit();
      const itemId = await topPiece(f, outfitId);
      await f.must(owner, {
        method: 'POST',
        url: '/api/item/favorite',
        payload: { itemId, outfitId },
      });
      return { method: 'DELETE', url: `/api/item/unfavorite/${itemId}/${outfitId}` };
    },
    {
      kind: 'favourite',
      answer: 'noop',
      request: async (f) => {
        const { likedItemId, likedOutfitId } = f.holdings.shopperA;
        return { method: 'DELETE', url: `/api/item/unfavorite/${likedItemId}/${likedOutfitId}` };
      },
    },
  ),

  'GET /api/favorites/outfits': shopper(() => get('/api/favorites/outfits')),
  'GET /api/favorites/occasions': shopper(() => get('/api/favorites/occasions')),
  'GET /api/favorites/categories': shopper(() => get('/api/favorites/categories')),
  'GET /api/favorites/outfits/:occasionId': shopper(() => get('/api/favorites/outfits/3')),
  'GET /api/favorites/items/:category': shopper(() => get('/api/favorites/items/Tops')),
  'GET /api/favorites/specific/favorite/item': shopper(
    (f, owner) => {
      const { likedItemId, likedOutfitId } = f.holdings[owner];
      return get(
        `/api/favorites/specific/favorite/item?itemid=${likedItemId}&outfitid=${likedOutfitId}`,
      );
    },
    {
      kind: 'favourite',
      answer: 404,
      request: async (f) => {
        const { likedItemId, likedOutfitId } = f.holdings.shopperA;
        return get(
          `/api/favorites/specific/favorite/item?itemid=${likedItemId}&outfitid=${likedOutfitId}`,
        );
      },
    },
  ),
  'GET /api/favorites/item/sizes': shopper((f) =>
    get(`/api/favorites/item/sizes?productId=${f.catalogue.productId}`),
  ),
  'GET /api/favorites/item/colors': shopper((f) =>
    get(`/api/favorites/item/colors?productId=${f.catalogue.productId}`),
  ),
  'POST /api/favorites/items/increase': shopper(
    async (f, owner) => ({
      method: 'POST',
      url: '/api/favorites/items/increase',
      payload: { itemId: (await heartVariant(f, owner)).itemId, qty: 1, outfitId: null },
    }),
    {
      kind: 'favourite',
      answer: 404,
      request: async (f) => ({
        method: 'POST',
        url: '/api/favorites/items/increase',
        payload: {
          itemId: f.holdings.shopperA.likedItemId,
          qty: 1,
          outfitId: f.holdings.shopperA.likedOutfitId,
        },
      }),
    },
  ),
  'DELETE /api/favorites/items/decrease/:id/:qty': shopper(
    async (f, owner) => ({
      method: 'DELETE',
      url: `/api/favorites/items/decrease/${(await heartVariant(f, owner)).itemId}/1?outfitId=null`,
    }),
    {
      kind: 'favourite',
      answer: 404,
      request: async (f) => {
        const { likedItemId, likedOutfitId } = f.holdings.shopperA;
        return {
          method: 'DELETE',
          url: `/api/favorites/items/decrease/${likedItemId}/1?outfitId=${likedOutfitId}`,
        };
      },
    },
  ),
  'PUT /api/item/changecolor': shopper(
    async (f, owner) => {
      const variant = await heartVariant(f, owner);
      return {
        method: 'PUT',
        url: '/api/item/changecolor',
        payload: { itemId: variant.itemId, outfitId: null, newColor: variant.otherColor },
      };
    },
    {
      kind: 'favourite',
      answer: 404,
      request: async (f) => {
        const own = f.catalogue.variantItems.find(
          (v) => v.itemId === f.holdings.shopperA.heartedItemId,
        )!;
        return {
          method: 'PUT',
          url: '/api/item/changecolor',
          payload: { itemId: own.itemId, outfitId: null, newColor: own.otherColor },
        };
      },
    },
  ),
  'PUT /api/item/changesize': shopper(
    async (f, owner) => {
      const variant = await heartVariant(f, owner);
      return {
        method: 'PUT',
        url: '/api/item/changesize',
        payload: { itemId: variant.itemId, outfitId: null, newSize: variant.otherSize },
      };
    },
    {
      kind: 'favourite',
      answer: 404,
      request: async (f) => {
        const own = f.catalogue.variantItems.find(
          (v) => v.itemId === f.holdings.shopperA.heartedItemId,
        )!;
        return {
          method: 'PUT',
          url: '/api/item/changesize',
          payload: { item: own.itemId, newSize: own.otherSize },
        };
      },
    },
  ),
  'POST /api/item/search/favorite': shopper((f) => ({
    method: 'POST',
    url: '/api/item/search/favorite',
    payload: { itemId: f.variantItem().itemId },
  })),
  'DELETE /api/item/search/unfavorite/:itemId': shopper(
    async (f, owner) => ({
      method: 'DELETE',
      url: `/api/item/search/unfavorite/${(await heartVariant(f, owner)).itemId}`,
    }),
    {
      kind: 'favourite',
      answer: 'noop',
      request: async (f) => ({
        method: 'DELETE',
        url: `/api/item/search/unfavorite/${f.holdings.shopperA.heartedItemId}`,
      }),
    },
  ),
  'GET /api/favorites/search': shopper(() => get('/api/favorites/search?q=look')),
  'GET /api/favorites/search/item': shopper(() => get('/api/favorites/search/item?q=a&cat=Tops')),

  'GET /api/item/search': shopper(() => get('/api/item/search?q=jakcet&cat=6&cat=1')),
  'GET /api/outfit/search': shopper(() => get('/api/outfit/search?q=work')),
};

/** `METHOD /path` for a route table entry. */
export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
