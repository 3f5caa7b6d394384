import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadMore, useDrawnPages } from './load-more';

// The end of the list is always in view: each observer reports it at once.
let observing = 0;
class InView {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    observing += 1;
    this.callback(
      [{ isIntersecting: true, target } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
  disconnect() {}
}

beforeEach(() => {
  observing = 0;
  vi.stubGlobal('IntersectionObserver', InView);
});
afterEach(() => vi.unstubAllGlobals());

describe('LoadMore', () => {
  it('asks for the next page when the end of the list comes into view', () => {
    const load = vi.fn();
    render(<LoadMore hasMore loading={false} onLoadMore={load} />);
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Show more' })).toBeTruthy();
  });

  it('after a failed page, says so and asks again only when told to', async () => {
    const load = vi.fn();
    render(<LoadMore hasMore loading={false} failed onLoadMore={load} />);
    expect(observing).toBe(0);
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('More could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('draws nothing at the end of the list', () => {
    const { container } = render(<LoadMore hasMore={false} loading={false} onLoadMore={vi.fn()} />);
    expect(container.innerHTML).toBe('');
  });

  it('while the last page is still being drawn, says more is coming and asks for nothing', () => {
    const load = vi.fn();
    render(<LoadMore hasMore={false} loading onLoadMore={load} />);
    expect(screen.getByRole('progressbar', { name: 'Loading more' })).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });
});

/** An infinite query's state as useDrawnPages reads it, holding `pages` (none yet: undefined). */
function pagedQuery(
  pages: number[][] | undefined,
  { fetching = false, load = vi.fn() }: { fetching?: boolean; load?: () => void } = {},
) {
  return {
    data: pages && { pages },
    hasNextPage: true,
    isFetchingNextPage: fetching,
    isFetchNextPageError: false,
    error: null,
    fetchNextPage: load,
    refetch: vi.fn(),
  };
}

/** What each render of Numbers drew. */
let drawings: string[] = [];

/** An endless list of numbered cards, drawn a page at a time as useDrawnPages hands them on. */
function Numbers({
  pages,
  fetching,
  load,
}: {
  pages: number[][];
  fetching: boolean;
  load: () => void;
}) {
  const drawn = useDrawnPages(pagedQuery(pages, { fetching, load }));
  drawings.push(drawn.pages.flat().join(','));
  return (
    <>
      <ul>
        {drawn.pages.flat().map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <LoadMore {...drawn.more} />
    </>
  );
}

describe('useDrawnPages', () => {
  beforeEach(() => {
    drawings = [];
  });

  it('draws a page added at the end after the pages before it, in a render of its own', () => {
    const first = [1, 2, 3];
    const { rerender } = render(<Numbers pages={[first]} fetching load={vi.fn()} />);
    drawings = [];
    rerender(<Numbers pages={[first, [4, 5, 6]]} fetching={false} load={vi.fn()} />);
    expect(drawings[0]).toBe('1,2,3');
    expect(drawings.at(-1)).toBe('1,2,3,4,5,6');
  });

  it('draws a list that replaced another at once, with none of the old cards', () => {
    const { rerender } = render(<Numbers pages={[[1, 2, 3]]} fetching={false} load={vi.fn()} />);
    drawings = [];
    rerender(<Numbers pages={[[7, 8]]} fetching={false} load={vi.fn()} />);
    expect(new Set(drawings)).toEqual(new Set(['7,8']));
  });

  it('draws the first page at once, with no empty list before it', () => {
    const counts: number[] = [];
    function First({ pages }: { pages: number[][] | undefined }) {
      const drawn = useDrawnPages(pagedQuery(pages));
      counts.push(drawn.pages.flat().length);
      return null;
    }
    const { rerender } = render(<First pages={undefined} />);
    rerender(<First pages={[[1, 2, 3]]} />);
    // Drawn again once the deferred value catches up: the same three, never none.
    expect(counts[0]).toBe(0);
    expect(new Set(counts.slice(1))).toEqual(new Set([3]));
  });

  it('asks for the page after a new one only once that page is drawn', () => {
    const drawnWhenAsked: number[] = [];
    const load = () => drawnWhenAsked.push(screen.queryAllByRole('listitem').length);
    const first = [1, 2, 3];
    const { rerender } = render(<Numbers pages={[first]} fetching load={load} />);
    expect(drawnWhenAsked).toEqual([]);

    rerender(<Numbers pages={[first, [4, 5, 6]]} fetching={false} load={load} />);
    expect(screen.queryAllByRole('listitem')).toHaveLength(6);
    expect(drawnWhenAsked).toEqual([6]);
  });
});
