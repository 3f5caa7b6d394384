import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';
import { ZOOMED_PHONE } from '../../../lib/zoomed';

/** Phone: one or two columns (one under 300 px); wider screens: up to four. */
export function CardGrid({
  children,
  min = 260,
  phoneColumns = 1,
  label,
}: {
  children: ReactNode;
  /** Smallest card width above the phone layout, in px. */
  min?: number;
  phoneColumns?: 1 | 2;
  label?: string;
}) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: { xs: 1.5, sm: 2.5 },
        gridTemplateColumns: {
          xs: `repeat(${phoneColumns}, minmax(0, 1fr))`,
          sm: `repeat(auto-fill, minmax(${min}px, 1fr))`,
        },
        [ZOOMED_PHONE]: { gridTemplateColumns: 'minmax(0, 1fr)' },
        '& > li': { minWidth: 0 },
      }}
    >
      {children}
    </Box>
  );
}

/** Placeholders shaped like the cards that are on their way. */
export function CardGridSkeleton({
  count = 4,
  ratio = '8 / 5',
  min,
  phoneColumns,
}: {
  count?: number;
  ratio?: string;
  min?: number;
  phoneColumns?: 1 | 2;
}) {
  return (
    <Box role="status" aria-label="Loading">
      <CardGrid min={min} phoneColumns={phoneColumns}>
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={i}>
            <Skeleton
              variant="rounded"
              sx={{ width: '100%', height: 'auto', aspectRatio: ratio }}
            />
            <Skeleton width="40%" sx={{ mt: 1 }} />
            <Skeleton width="70%" />
          </li>
        ))}
      </CardGrid>
    </Box>
  );
}
