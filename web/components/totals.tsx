import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 2 }}>
      <Typography
        sx={strong ? { fontWeight: 700, fontSize: '1.1rem' } : { color: 'text.secondary' }}
      >
        {label}
      </Typography>
      <Typography sx={{ fontWeight: strong ? 700 : 500, fontSize: strong ? '1.1rem' : undefined }}>
        {value}
      </Typography>
    </Stack>
  );
}

/** Subtotal, shipping and total, as the server computed them (cart and orders). */
export function Totals({
  subtotal,
  shipping,
  total,
}: {
  subtotal: string;
  shipping: string;
  total: string;
}) {
  return (
    <Stack sx={{ gap: 1 }}>
      <Row label="Subtotal" value={subtotal} />
      <Row label="Shipping" value={shipping} />
      <Divider />
      <Row label="Total" value={total} strong />
    </Stack>
  );
}
