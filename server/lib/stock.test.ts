import { describe, expect, it } from 'vitest';
import { describePiece, stockProblem } from './stock';

const piece = (stock: number) => ({ name: 'Wool Coat', color: 'Navy', size: 'M', stock });

describe('stockProblem', () => {
  it('names the piece by name, colour and size', () => {
    expect(describePiece(piece(3))).toBe('Wool Coat (Navy, M)');
  });

  it('calls a piece with no stock sold out, whatever is wanted', () => {
    expect(stockProblem(piece(0), 1)).toBe('Wool Coat (Navy, M) is sold out.');
    expect(stockProblem(piece(0), 0)).toBe('Wool Coat (Navy, M) is sold out.');
    expect(stockProblem(piece(-1), 1)).toBe('Wool Coat (Navy, M) is sold out.');
  });

  it('sells the last unit, and says only one is left when two are wanted', () => {
    expect(stockProblem(piece(1), 1)).toBeNull();
    expect(stockProblem(piece(1), 2)).toBe('Only 1 of Wool Coat (Navy, M) is left.');
  });

  it('sells exactly what is left, and no more', () => {
    expect(stockProblem(piece(2), 1)).toBeNull();
    expect(stockProblem(piece(2), 2)).toBeNull();
    expect(stockProblem(piece(2), 3)).toBe('Only 2 of Wool Coat (Navy, M) are left.');
    expect(stockProblem(piece(9), 9)).toBeNull();
    expect(stockProblem(piece(9), 10)).toBe('Only 9 of Wool Coat (Navy, M) are left.');
  });
});
