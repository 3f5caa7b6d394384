/** The state of a link to Shipping: the page its Confirm comes back to. */
export const shippingFrom = (path: string) => ({ from: path });

/** Where Shipping's Confirm goes: the page that linked to it, else SPEC's checkout. */
export function shippingReturnPath(state: unknown): string {
  return state !== null &&
    typeof state === 'object' &&
    'from' in state &&
    typeof state.from === 'string' &&
    state.from.startsWith('/')
    ? state.from
    : '/cart';
}
