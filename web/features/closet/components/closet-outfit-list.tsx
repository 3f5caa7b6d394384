import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ClosetOutfitPage } from '../../../../contracts/closet';
import { CardGrid, CardGridSkeleton, type GridColumns } from '../../../components/card-grid';
import { ListPages, LoadMore, useDrawnPages } from '../../../components/load-more';
import { ErrorState } from '../../../components/states';
import { useKeptScroll } from '../../../lib/use-kept-scroll';
import { ClosetOutfitCard } from './closet-outfit-card';
import { plural } from './format';

/** As many outfit cards of at least 260 px a row as fit, one on a phone. */
const OUTFIT_CARDS: GridColumns = { phone: 1, min: 260 };

/**
 * Closet outfits page by page: loading, failure, nothing, or the cards of the pages loaded so
 * far, the next asked for as the end nears (or with "Show more"), the place kept on the way back.
 */
export function ClosetOutfitList<P extends ClosetOutfitPage>({
  query,
  empty,
  count,
  showOccasion = true,
}: {
  query: UseInfiniteQueryResult<InfiniteData<P>>;
  empty: ReactNode;
  /** How many there are, from the count route; left out while it is not known (a search). */
  count?: number | undefined;
  showOccasion?: boolean;
}) {
  useKeptScroll(query.isSuccess);
  const drawn = useDrawnPages(query);
  if (query.isPending) return <CardGridSkeleton columns={OUTFIT_CARDS} count={4} />;
  if (query.isError && !query.data) {
    return <ErrorState message={query.error.message} onRetry={() => query.refetch()} />;
  }
  const pages = query.data?.pages ?? [];
  if (!pages.some((p) => p.items.length > 0)) return <>{empty}</>;
  return (
    <Box
      aria-busy={query.isFetching}
      sx={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
    >
      {count !== undefined && (
        <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1.5 }}>
          {plural(count, 'outfit')}
        </Typography>
      )}
      <CardGrid columns={OUTFIT_CARDS} label="Closet outfits">
        <ListPages
          pages={drawn.pages}
          render={(outfit) => (
            <li key={outfit.id}>
              <ClosetOutfitCard outfit={outfit} showOccasion={showOccasion} />
            </li>
          )}
        />
      </CardGrid>
      <LoadMore {...drawn.more} />
    </Box>
  );
}
