import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';
import { ZOOMED_PHONE } from '../lib/zoomed';

/**
 * How many cards a row holds: a count per screen width from that width up, or as many cards
 * of at least `min` px as fit above a phone's `phone` columns. Under 300 px (a phone at 200%
 * zoom) every grid shows one card a row.
 */
export type GridColumns =
  | Partial<Record<'xs' | 'sm' | 'md' | 'lg', number>>
  | { phone: 1 | 2; min: number };

/** Pieces: two a row on a phone, up to four on a wide screen. */
export const PIECE_COLUMNS: GridColumns = { xs: 2, sm: 3, md: 4 };
/** Outfits: one a row on a phone, up to three. */
export const OUTFIT_COLUMNS: GridColumns = { xs: 1, sm: 2, lg: 3 };
/** Occasion and category tiles: two a row on a phone, up to five. */
export const TILE_COLUMNS: GridColumns = { xs: 2, md: 3, lg: 5 };

const repeat = (count: number) => `repeat(${count}, minmax(0, 1fr))`;

function templateOf(columns: GridColumns) {
  if ('min' in columns) {
    return { xs: repeat(columns.phone), sm: `repeat(auto-fill, minmax(${columns.min}px, 1fr))` };
  }
  return Object.fromEntries(Object.entries(columns).map(([width, n]) => [width, repeat(n)]));
}

/**
 * A list of cards laid out in a grid. `busy` while it is being loaded; `dimmed` while the list
 * on screen is being replaced.
 */
export function CardGrid(props: {
  columns: GridColumns;
  label?: string;
  busy?: boolean;
  dimmed?: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      component="ul"
      aria-label={props.label}
      aria-busy={props.busy}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: { xs: 1.5, sm: 2 },
        gridTemplateColumns: templateOf(props.columns),
        [ZOOMED_PHONE]: { gridTemplateColumns: 'minmax(0, 1fr)' },
        // A card off screen is not laid out or painted: a list of a thousand stays cheap to grow.
        '& > li': { minWidth: 0, contentVisibility: 'auto', containIntrinsicSize: 'auto 320px' },
        // Save while a kept place is scrolled back to: that needs every card's height
        // (use-kept-scroll.ts).
        'html[data-kept-scroll] & > li': { contentVisibility: 'visible' },
        opacity: props.dimmed ? 0.55 : 1,
        transition: 'opacity 150ms',
      }}
    >
      {props.children}
    </Box>
  );
}

/** Placeholders shaped like the cards on their way: a picture, and two lines unless `bare`. */
export function CardGridSkeleton({
  columns,
  count = 4,
  ratio = '8 / 5',
  bare = false,
}: {
  columns: GridColumns;
  count?: number;
  ratio?: string;
  bare?: boolean;
}) {
  return (
    <Box role="status" aria-label="Loading">
      <CardGrid columns={columns}>
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={i}>
            <Skeleton
              variant="rounded"
              sx={{ width: '100%', height: 'auto', aspectRatio: ratio }}
            />
            {!bare && (
              <>
                <Skeleton width="40%" sx={{ mt: 1 }} />
                <Skeleton width="70%" />
              </>
            )}
          </li>
        ))}
      </CardGrid>
    </Box>
  );
}
