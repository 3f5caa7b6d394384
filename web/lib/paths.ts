/**
 * Every API path the web app calls, in one table. Features build their calls from here so a
 * renamed route changes one line.
 */
export const apiPaths = {
  user: {
    me: '/api/user',
    login: '/api/user/login',
    logout: '/api/user/logout',
    register: '/api/user/register',
    adminRegistration: '/api/user/register/admin',
  },
  occasions: '/api/occasions',
  item: {
    categories: '/api/item/categories',
    all: '/api/item/all',
    /** The product an item belongs to, with all its variants. */
    product: (itemId: number) => `/api/item/${itemId}/product`,
  },
  design: {
    outfits: '/api/design/outfits',
    create: '/api/design/outfit/create',
    edit: (id: number) => `/api/design/outfit/edit/${id}`,
    remove: (id: number) => `/api/design/outfit/delete/${id}`,
    slot: (slot: string, outfitId: number) => `/api/design/${slot}/${outfitId}`,
    substitutes: (itemId: number) => `/api/design/substitutes/${itemId}`,
    items: '/api/item/design',
  },
  closet: {
    outfits: '/api/closet/outfits',
    outfit: (id: number) => `/api/closet/outfits/${id}`,
    occasions: '/api/closet/items/occasions',
    occasion: (occasion: string) => `/api/closet/items/occasions/${encodeURIComponent(occasion)}`,
    categories: '/api/closet/items/category',
    category: (category: string) => `/api/closet/items/category/${encodeURIComponent(category)}`,
  },
  feed: {
    home: '/api/outfit/home',
    favorite: '/api/outfit/favorite',
    reject: '/api/outfit/reject',
    undo: '/api/outfit/undo',
    restorePassed: '/api/outfit/rejected/reset',
    unfavorite: '/api/outfit/search/unfavorite',
    heartItem: '/api/item/favorite',
    unheartItem: (itemId: number, outfitId: number) => `/api/item/unfavorite/${itemId}/${outfitId}`,
  },
  cart: {
    cart: '/api/cart',
    outfit: '/api/cart/outfit',
    /** What Purchase Outfit offers: the pieces with their sizes. */
    look: (outfitId: number) => `/api/cart/outfit/${outfitId}`,
    /** PUT sets the quantity, PATCH the size or colour, DELETE takes the line out. */
    line: (itemId: number) => `/api/cart/${itemId}`,
    /** DELETE empties the cart; PUT checks out (orders.checkout). */
    buy: '/api/buy',
  },
  shipping: {
    list: '/api/shipping',
    address: (id: number) => `/api/shipping/${id}`,
    preferred: (id: number) => `/api/shipping/${id}/preferred`,
  },
  payments: {
    open: '/api/payments',
    approve: (id: string) => `/api/payments/${encodeURIComponent(id)}/approve`,
    cancel: (id: string) => `/api/payments/${encodeURIComponent(id)}/cancel`,
  },
  orders: {
    checkout: '/api/buy',
    list: '/api/buy',
    order: (number: string) => `/api/buy/${encodeURIComponent(number)}`,
  },
  favorites: {
    outfits: '/api/favorites/outfits',
    occasions: '/api/favorites/occasions',
    categories: '/api/favorites/categories',
    occasion: (occasionId: number) => `/api/favorites/outfits/${occasionId}`,
    category: (name: string) => `/api/favorites/items/${encodeURIComponent(name)}`,
    item: '/api/favorites/specific/favorite/item',
    sizes: '/api/favorites/item/sizes',
    colors: '/api/favorites/item/colors',
    increase: '/api/favorites/items/increase',
    decrease: (itemId: number, qty: number) => `/api/favorites/items/decrease/${itemId}/${qty}`,
    changeColor: '/api/item/changecolor',
    changeSize: '/api/item/changesize',
    searchOutfits: '/api/favorites/search',
    searchItems: '/api/favorites/search/item',
    /** The feed's call; unfavouriting from the favorites page uses it too. */
    unfavoriteOutfit: '/api/outfit/search/unfavorite',
  },
  search: {
    items: '/api/item/search',
    outfits: '/api/outfit/search',
    heartItem: '/api/item/search/favorite',
    unheartItem: (itemId: number) => `/api/item/search/unfavorite/${itemId}`,
    /** The feed's calls: the search heart favorites and unfavorites outfits through them. */
    favoriteOutfit: '/api/outfit/favorite',
    unfavoriteOutfit: '/api/outfit/search/unfavorite',
  },
} as const;
