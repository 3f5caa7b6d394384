import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo, type ReactNode, useDeferredValue, useEffect, useRef } from 'react';
import { ApiRequestError } from '../lib/api-client';

/**
 * The end of an endless list: asks for the next page when it scrolls into view (with some
 * warning, 600px ahead), and offers a button for when that cannot work. When the last page
 * asked failed (`failed`), it says so and waits for the shopper's Try again: asking on its own
 * again would repeat the failure for as long as the end stays in view.
 */
export function LoadMore({
  hasMore,
  loading,
  failed = false,
  onLoadMore,
}: {
  hasMore: boolean;
  loading: boolean;
  failed?: boolean;
  onLoadMore: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const load = useRef(onLoadMore);
  load.current = onLoadMore;

  useEffect(() => {
    const node = ref.current;
    // Observed afresh after each page, so a sentinel still in view asks for the next one.
    if (!node || !hasMore || loading || failed || typeof IntersectionObserver === 'undefined') {
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) load.current();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loading, failed]);

  if (!hasMore && !loading) return null;
  return (
    <Stack ref={ref} sx={{ alignItems: 'center', py: 3, gap: 1 }}>
      {loading ? (
        <CircularProgress size={28} color="secondary" aria-label="Loading more" />
      ) : failed ? (
        <>
          <Typography role="alert" variant="body2" color="text.secondary">
            More could not be loaded.
          </Typography>
          <Button variant="outlined" onClick={onLoadMore}>
            Try again
          </Button>
        </>
      ) : (
        <Button variant="outlined" onClick={onLoadMore}>
          Show more
        </Button>
      )}
    </Stack>
  );
}

/** What LoadMore reads of an endless list's query (TanStack's infinite query). */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage(): unknown;
  refetch(): unknown;
}

/**
 * LoadMore's props for an infinite query. A next page refused for good (a 4xx: a cursor the
 * server no longer takes) would be refused again as asked: Try again then reloads the list from
 * its first page, whose cursors are fresh.
 */
export function pagedBy(query: PagedQuery) {
  return {
    hasMore: query.hasNextPage,
    loading: query.isFetchingNextPage,
    failed: query.isFetchNextPageError,
    onLoadMore: () => {
      const { error } = query;
      const refused =
        query.isFetchNextPageError &&
        error instanceof ApiRequestError &&
        error.status >= 400 &&
        error.status < 500;
      void (refused ? query.refetch() : query.fetchNextPage());
    },
  };
}

/**
 * An endless list's loaded pages, each drawn once. The pages already on screen keep their identity
 * in the query cache, so a new page draws its own cards only, not again every card above it (a
 * thousand favourites drew a thousand cards for each page). `render` must draw a card from
 * its entry alone: it is not called again for a page already drawn (a list whose cards hang on
 * something else keys `ListPages` by it). An entry that a refetch moves to another page is drawn
 * afresh there, its own state (an open accordion) starting over.
 */
export function ListPages<T>({
  pages,
  render,
}: {
  pages: readonly { items: readonly T[] }[];
  render: (item: T) => ReactNode;
}) {
  // biome-ignore lint/suspicious/noArrayIndexKey: a page's place is its identity
  return pages.map((page, n) => <ListPage key={n} items={page.items} render={render} />);
}

const ListPage = memo(
  function ListPage<T>({ items, render }: { items: readonly T[]; render: (item: T) => ReactNode }) {
    return <>{items.map(render)}</>;
  },
  (before, after) => before.items === after.items,
) as <T>(props: { items: readonly T[]; render: (item: T) => ReactNode }) => ReactNode;

/**
 * An endless list's pages as drawn, and its LoadMore's props. A page added at the end is drawn as
 * a background render (a deferred value), which React splits between frames, so a page of cards
 * does not hold the screen still while the shopper scrolls; LoadMore counts as loading until
 * React has drawn it, so it neither asks for the next page nor goes before then. Any other change
 * (the first pages, a new search, a refetch) is drawn at once, so what the page says of the list
 * matches its cards.
 */
export function useDrawnPages<P>(query: PagedQuery & { data?: { pages: readonly P[] } }) {
  const pages = query.data?.pages;
  const drawn = useDeferredValue(pages);
  const drawing =
    drawn !== undefined &&
    pages !== undefined &&
    pages.length > drawn.length &&
    drawn.every((page, i) => page === pages[i]);
  const more = pagedBy(query);
  return {
    pages: drawing ? drawn : (pages ?? []),
    more: { ...more, loading: more.loading || drawing },
  };
}
