import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../components/page';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { Totals } from '../../components/totals';
import { useEmptyCart } from '../../features/cart/api/empty-cart';
import { useCart } from '../../features/cart/api/get-cart';
import { CartLineList } from '../../features/cart/components/cart-line-list';
import { itemCount } from '../../features/cart/components/item-count';
import { useNotify } from '../../lib/notify';

function EmptyCartButton({ onEmptied }: { onEmptied: () => void }) {
  const [open, setOpen] = useState(false);
  const empty = useEmptyCart();
  const notify = useNotify();
  return (
    <>
      <Button color="inherit" onClick={() => setOpen(true)} sx={{ color: 'text.secondary' }}>
        Empty cart
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="empty-cart-title">
        <DialogTitle id="empty-cart-title" sx={{ fontFamily: 'inherit', fontWeight: 700 }}>
          Take everything out of your cart?
        </DialogTitle>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={() => setOpen(false)}>Keep it</Button>
          <Button
            variant="contained"
            // Busy, not disabled, while it empties: disabling it would drop the keyboard's focus.
            aria-disabled={empty.isPending}
            onClick={() => {
              if (empty.isPending) return;
              empty.mutate(undefined, {
                onSuccess: () => {
                  setOpen(false);
                  onEmptied();
                },
                onError: () => notify('Your cart could not be emptied. Try again.', 'error'),
              });
            }}
          >
            Empty cart
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** SPEC's Shopping Cart landing: item count, the items, Purchase Items → /cart. */
export default function CartLandingRoute() {
  const cart = useCart();
  const isEmpty = cart.data?.lines.length === 0;
  // Emptying takes away the button and the dialog that had the focus: it goes to what comes next.
  const focusEmptyState = useRef(false);
  const emptyAction = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (!isEmpty || !focusEmptyState.current) return;
    focusEmptyState.current = false;
    emptyAction.current?.focus();
  }, [isEmpty]);
  if (cart.isPending) {
    return (
      <Page title="Shopping Cart">
        <Loading label="Loading your cart" />
      </Page>
    );
  }
  // Only a cart never read: a failed read after one keeps showing the cart it had.
  if (cart.data === undefined) {
    return (
      <Page title="Shopping Cart">
        <ErrorState message={cart.error.message} onRetry={() => cart.refetch()} />
      </Page>
    );
  }
  const { data } = cart;
  if (data.lines.length === 0) {
    return (
      <Page title="Shopping Cart" subtitle={itemCount(0)}>
        <EmptyState
          title="Your cart is empty"
          body="Tap Buy on a piece you love, or Purchase Outfit on a favorite outfit."
          action={
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, mt: 1 }}>
              <Button
                ref={emptyAction}
                component={RouterLink}
                to="/favorites/outfits"
                variant="contained"
              >
                See your favorites
              </Button>
              <Button component={RouterLink} to="/home">
                Discover outfits
              </Button>
            </Stack>
          }
        />
      </Page>
    );
  }
  return (
    <Page
      title="Shopping Cart"
      subtitle={itemCount(data.units)}
      actions={<EmptyCartButton onEmptied={() => (focusEmptyState.current = true)} />}
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 320px' },
          gap: { xs: 2, md: 4 },
          alignItems: 'start',
        }}
      >
        <Card sx={{ px: { xs: 2, sm: 3 } }}>
          <CartLineList lines={data.lines} editable />
        </Card>
        <Card sx={{ p: 3, position: { md: 'sticky' }, top: { md: 88 } }}>
          <Stack sx={{ gap: 2 }}>
            <Typography variant="h4" component="h2">
              Summary
            </Typography>
            <Typography color="text.secondary">
              {itemCount(data.units)} · {data.arrival.text}
            </Typography>
            <Totals subtotal={data.subtotal} shipping={data.shipping} total={data.total} />
            <Button component={RouterLink} to="/cart" variant="contained" size="large" fullWidth>
              Purchase Items
            </Button>
          </Stack>
        </Card>
      </Box>
    </Page>
  );
}
