import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * The first lines of every piece's card: the seller, the name (the card's heading) and its
 * colour with a swatch, followed by `detail` (a size, or the sizes made).
 */
export function ItemFacts({
  seller,
  name,
  color,
  colorHex,
  detail,
}: {
  seller: string;
  name: string;
  color: string;
  colorHex: string;
  detail?: ReactNode;
}) {
  return (
    <>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{
          textTransform: 'uppercase',
          letterSpacing: '0.08em',
          fontWeight: 600,
          overflowWrap: 'anywhere',
        }}
      >
        {seller}
      </Typography>
      <Typography
        component="h2"
        sx={{ fontWeight: 600, lineHeight: 1.3, fontSize: '0.95rem', overflowWrap: 'anywhere' }}
      >
        {name}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}
      >
        <Box
          component="span"
          aria-hidden
          sx={{
            width: 10,
            height: 10,
            borderRadius: '50%',
            bgcolor: colorHex,
            border: 1,
            borderColor: 'divider',
            flex: 'none',
          }}
        />
        {color}
        {detail}
      </Typography>
    </>
  );
}
