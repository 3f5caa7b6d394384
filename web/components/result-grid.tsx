import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { ZOOMED_PHONE } from '../lib/zoomed';

/**
 * A list of pieces or outfits as cards: two pieces or one outfit a row on a phone (one card
 * under 300 px), up to four pieces or three outfits on wider screens. `dimmed` while the list on
 * screen is being replaced.
 */
export function ResultGrid(props: {
  of: 'pieces' | 'outfits';
  label: string;
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
        gridTemplateColumns:
          props.of === 'pieces'
            ? {
                xs: 'repeat(2, minmax(0, 1fr))',
                sm: 'repeat(3, minmax(0, 1fr))',
                md: 'repeat(4, minmax(0, 1fr))',
              }
            : {
                xs: 'minmax(0, 1fr)',
                sm: 'repeat(2, minmax(0, 1fr))',
                lg: 'repeat(3, minmax(0, 1fr))',
              },
        [ZOOMED_PHONE]: { gridTemplateColumns: 'minmax(0, 1fr)' },
        opacity: props.dimmed ? 0.55 : 1,
        transition: 'opacity 150ms',
      }}
    >
      {props.children}
    </Box>
  );
}
