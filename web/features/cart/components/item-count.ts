/** "1 item", "3 items": a cart's units as its pages say them. */
export const itemCount = (units: number) => `${units} ${units === 1 ? 'item' : 'items'}`;
