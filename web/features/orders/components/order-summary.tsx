import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Order, PAYMENT_METHOD_LABELS } from '../../../../contracts/order';
import { AddressLines } from '../../../components/address-lines';
import { Totals } from '../../../components/totals';
import { ZOOMED_PHONE } from '../../../lib/zoomed';

function Heading({ children }: { children: React.ReactNode }) {
  return (
    <Typography variant="overline" color="text.secondary" component="h3" sx={{ lineHeight: 2 }}>
      {children}
    </Typography>
  );
}

/** An order's pieces, money, address and arrival: the confirmation and the history show this. */
export function OrderSummary({ order }: { order: Order }) {
  const { address } = order;
  return (
    <Stack sx={{ gap: 2.5 }}>
      <Box>
        <Heading>Items</Heading>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            '& > li + li': { borderTop: 1, borderColor: 'divider' },
          }}
        >
          {order.lines.map((line) => (
            <Stack
              component="li"
              key={line.id}
              direction="row"
              sx={{
                gap: 1.5,
                py: 1.25,
                alignItems: 'center',
                [ZOOMED_PHONE]: { flexDirection: 'column', alignItems: 'flex-start', gap: 0.75 },
              }}
            >
              <Box
                component="img"
                src={line.img}
                alt=""
                loading="lazy"
                sx={{
                  width: 48,
                  height: 58,
                  objectFit: 'cover',
                  borderRadius: 2,
                  border: 1,
                  borderColor: 'divider',
                  bgcolor: 'background.default',
                  flexShrink: 0,
                }}
              />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, lineHeight: 1.3 }}>{line.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {line.color} · {line.size} · {line.quantity} × {line.unitPrice}
                </Typography>
              </Box>
              <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {line.lineTotal}
              </Typography>
            </Stack>
          ))}
        </Box>
      </Box>
      <Totals subtotal={order.subtotal} shipping={order.shipping} total={order.total} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <Box>
          <Heading>Shipping to</Heading>
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {address.nickname}
          </Typography>
          <AddressLines address={address} />
        </Box>
        <Box>
          <Heading>Delivery and payment</Heading>
          <Typography sx={{ fontWeight: 700 }}>{order.arrival.text}</Typography>
          <Typography color="text.secondary">
            Paid with {PAYMENT_METHOD_LABELS[order.paymentMethod]}
          </Typography>
        </Box>
      </Box>
    </Stack>
  );
}
