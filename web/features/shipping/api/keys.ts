export const SHIPPING_KEY = ['shipping'] as const;
