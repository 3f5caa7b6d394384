/** The letter sizes, smallest first. */
export const LETTER_SIZES: readonly string[] = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL'];

type Rank = [group: number, order: number];

/** Ranks of the sizes seen, kept: a shop has a few dozen sizes and search sorts them all day. */
const ranks = new Map<string, Rank>();

function rankOf(size: string): Rank {
  let rank = ranks.get(size);
  if (!rank) {
    const letter = LETTER_SIZES.indexOf(size.toUpperCase());
    const number = size.match(/\d+(\.\d+)?/);
    rank = letter >= 0 ? [0, letter] : number ? [1, Number(number[0])] : [2, 0];
    if (ranks.size < 1_000) ranks.set(size, rank);
  }
  return rank;
}

/** XS < S < M < L < XL; 26 < 28; EU 38 < EU 39; anything else after, alphabetically. */
export function compareSizes(a: string, b: string): number {
  const [ga, na] = rankOf(a);
  const [gb, nb] = rankOf(b);
  return ga - gb || na - nb || (a === b ? 0 : a.localeCompare(b));
}
