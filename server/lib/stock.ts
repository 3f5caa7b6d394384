/** The fields needed to say which piece ran short. */
export interface StockInfo {
  name: string;
  color: string;
  size: string;
  stock: number;
}

export function describePiece(item: Pick<StockInfo, 'name' | 'color' | 'size'>): string {
  return `${item.name} (${item.color}, ${item.size})`;
}

/** Why `wanted` units of the item cannot be had, or null when they can. */
export function stockProblem(item: StockInfo, wanted: number): string | null {
  if (item.stock <= 0) return `${describePiece(item)} is sold out.`;
  if (wanted > item.stock) {
    return `Only ${item.stock} of ${describePiece(item)} ${item.stock === 1 ? 'is' : 'are'} left.`;
  }
  return null;
}
