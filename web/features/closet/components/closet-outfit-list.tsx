import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ClosetOutfitPage } from '../../../../contracts/closet';
import { ErrorState } from '../../../components/states';
import { CardGrid, CardGridSkeleton } from './card-grid';
import { ClosetOutfitCard } from './closet-outfit-card';
import { plural } from './format';

/** Closet outfits page by page: loading, failure, nothing, or cards with "Show more". */
export function ClosetOutfitList<P extends ClosetOutfitPage>({
  query,
  empty,
  showOccasion = true,
}: {
  query: UseInfiniteQueryResult<InfiniteData<P>>;
  empty: ReactNode;
  showOccasion?: boolean;
}) {
  if (query.isPending) return <CardGridSkeleton count={4} />;
  if (query.isError && !query.data) {
    return <ErrorState message={query.error.message} onRetry={() => query.refetch()} />;
  }
  const pages = query.data?.pages ?? [];
  const outfits = pages.flatMap((p) => p.outfits);
  const total = pages[0]?.total ?? 0;
  if (outfits.length === 0) return <>{empty}</>;
  return (
    <Box
      aria-busy={query.isFetching}
      sx={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
    >
      <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1.5 }}>
        {plural(total, 'outfit')}
      </Typography>
      <CardGrid label="Closet outfits">
        {outfits.map((outfit) => (
          <li key={outfit.id}>
            <ClosetOutfitCard outfit={outfit} showOccasion={showOccasion} />
          </li>
        ))}
      </CardGrid>
      {query.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          <Button
            variant="outlined"
            onClick={() => query.fetchNextPage()}
            loading={query.isFetchingNextPage}
          >
            Show more
          </Button>
        </Box>
      )}
    </Box>
  );
}
