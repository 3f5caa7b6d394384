import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type RefObject, useRef } from 'react';
import type { OrderHead } from '../../../../contracts/order';
import { ListPages } from '../../../components/load-more';
import { RetryAlert } from '../../../components/retry-alert';
import { useOrder } from '../api/get-order';
import { OrderSummary } from './order-summary';

const placed = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/**
 * The shopper's orders, newest first, as the pages loaded so far; each opens to its bill, read
 * when opened, the newest open from the start. A page already drawn is not drawn again for the next.
 */
export function OrderHistory({ pages }: { pages: readonly { items: readonly OrderHead[] }[] }) {
  const newest = pages[0]?.items[0]?.number;
  return (
    <Stack sx={{ gap: 1.5 }}>
      <ListPages
        pages={pages}
        render={(order) => (
          <OrderEntry key={order.number} order={order} open={order.number === newest} />
        )}
      />
    </Stack>
  );
}

function OrderEntry({ order, open }: { order: OrderHead; open: boolean }) {
  const summary = useRef<HTMLDivElement>(null);
  return (
    <Accordion
      defaultExpanded={open}
      disableGutters
      elevation={0}
      // A bill is read and drawn when opened: two hundred orders do not each draw one unseen.
      slotProps={{ heading: { component: 'h2' }, transition: { unmountOnExit: true } }}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: '18px !important',
        '&::before': { display: 'none' },
      }}
    >
      <AccordionSummary
        ref={summary}
        expandIcon={<ExpandMore />}
        aria-controls={`${order.number}-details`}
        id={`${order.number}-summary`}
      >
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ flex: 1, gap: { xs: 0.25, sm: 2 }, alignItems: { sm: 'center' }, pr: 1 }}
        >
          <Box sx={{ flex: 1 }}>
            <Typography
              component="span"
              sx={{ display: 'block', fontWeight: 700, letterSpacing: '0.02em' }}
            >
              {order.number}
            </Typography>
            <Typography
              component="span"
              variant="body2"
              color="text.secondary"
              sx={{ display: 'block' }}
            >
              {placed.format(new Date(order.placedAt))} · {order.units}{' '}
              {order.units === 1 ? 'item' : 'items'} · {order.arrival.text}
            </Typography>
          </Box>
          <Typography component="span" sx={{ fontWeight: 700 }}>
            {order.total}
          </Typography>
        </Stack>
      </AccordionSummary>
      {/* The region around it takes the summary's aria-controls as its id. */}
      <AccordionDetails sx={{ pt: 0 }}>
        <OrderBill number={order.number} focusAfterRetry={summary} />
      </AccordionDetails>
    </Accordion>
  );
}

/**
 * An order's bill, asked for when its entry opens; kept for the visit once read, as an order never
 * changes. A retry that works takes the alert and its button away: the focus goes to the entry's
 * summary, `focusAfterRetry`.
 */
function OrderBill({
  number,
  focusAfterRetry,
}: {
  number: string;
  focusAfterRetry: RefObject<HTMLElement | null>;
}) {
  const bill = useOrder(number);
  if (bill.data) return <OrderSummary order={bill.data} />;
  if (bill.isError) {
    return (
      <RetryAlert onRetry={bill.refetch} retrying={bill.isFetching} focusAfter={focusAfterRetry}>
        The bill of {number} did not load. {bill.error.message}
      </RetryAlert>
    );
  }
  return (
    <Box role="status" aria-live="polite">
      <Box role="progressbar" aria-label={`Loading the bill of ${number}`}>
        <Skeleton width="40%" />
        <Skeleton height={72} />
        <Skeleton height={72} />
        <Skeleton width="60%" />
      </Box>
    </Box>
  );
}
