import Box from '@mui/material/Box';
import { LOW_STOCK } from '../../../../contracts/design';

/** What a shopper would be told about stock, shown on a piece so the admin can avoid it. */
export function stockNote(stock: number): string | null {
  if (stock <= 0) return 'Sold out';
  if (stock <= LOW_STOCK) return `Only ${stock} left`;
  return null;
}

export function StockBadge({ stock }: { stock: number }) {
  const note = stockNote(stock);
  if (!note) return null;
  const soldOut = stock <= 0;
  return (
    <Box
      component="span"
      sx={{
        px: 1,
        py: 0.25,
        borderRadius: 999,
        fontSize: '0.72rem',
        fontWeight: 700,
        letterSpacing: '0.02em',
        lineHeight: 1.6,
        whiteSpace: 'nowrap',
        bgcolor: soldOut ? 'primary.main' : '#fbe9d7',
        color: soldOut ? 'primary.contrastText' : '#7a3312',
      }}
    >
      {note}
    </Box>
  );
}
