export const ORDERS_KEY = ['orders'] as const;
export const orderKey = (number: string) => ['orders', 'one', number] as const;
