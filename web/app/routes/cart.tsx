import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { PaymentMethod } from '../../../contracts/order';
import { Page } from '../../components/page';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { Totals } from '../../components/totals';
import { useCart } from '../../features/cart/api/get-cart';
import { CartLineList } from '../../features/cart/components/cart-line-list';
import { useCheckout } from '../../features/orders/api/checkout';
import { PaymentMethodPicker } from '../../features/orders/components/payment-method-picker';
import { usePreferredAddress } from '../../features/shipping/api/get-addresses';
import { ShippingSelector } from '../../features/shipping/components/shipping-selector';
import { ApiRequestError } from '../../lib/api-client';

const itemCount = (units: number) => `${units} ${units === 1 ? 'item' : 'items'}`;

/** SPEC's /cart: payment choice, the items, shipping, total and Pay Now. */
export default function CartRoute() {
  const cart = useCart();
  const preferred = usePreferredAddress();
  const checkout = useCheckout();
  const navigate = useNavigate();
  const [method, setMethod] = useState<PaymentMethod>('paypal');
  // A second click can land before React re-renders the disabled button.
  const submitting = useRef(false);

  if (cart.isPending) {
    return (
      <Page title="Checkout">
        <Loading label="Loading your cart" />
      </Page>
    );
  }
  if (cart.isError) {
    return (
      <Page title="Checkout">
        <ErrorState message={cart.error.message} onRetry={() => cart.refetch()} />
      </Page>
    );
  }
  const { data } = cart;
  const address = preferred.address ?? null;
  const canPay = data.totalCents > 0 && address !== null && !checkout.isPending;

  function payNow() {
    if (!canPay || !address || submitting.current) return;
    submitting.current = true;
    checkout.mutate(
      { addressId: address.id, paymentMethod: method },
      {
        onSuccess: (order) => navigate(`/checkout?order=${encodeURIComponent(order.number)}`),
        onSettled: () => {
          submitting.current = false;
        },
      },
    );
  }

  const failure =
    checkout.error instanceof ApiRequestError
      ? checkout.error.message
      : checkout.error
        ? 'The payment did not go through. Try again.'
        : null;

  return (
    <Page title="Checkout" subtitle="Payment, shipping and total.">
      {data.lines.length === 0 && !checkout.isPending ? (
        <EmptyState
          title="Nothing to pay for"
          body="Your cart is empty."
          action={
            <Button component={RouterLink} to="/cartlanding" variant="contained">
              Back to your cart
            </Button>
          }
        />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 340px' },
            // On a phone the total and Pay Now come right after the payment choice; the items
            // (also on the cart page) follow.
            gridTemplateAreas: {
              xs: '"payment" "summary" "items"',
              md: '"payment summary" "items summary"',
            },
            gridTemplateRows: { md: 'auto 1fr' },
            columnGap: 4,
            rowGap: 2,
            alignItems: 'start',
          }}
        >
          <Card sx={{ gridArea: 'payment', p: { xs: 2, sm: 3 } }}>
            <PaymentMethodPicker
              value={method}
              onChange={setMethod}
              disabled={checkout.isPending}
            />
          </Card>
          <Card sx={{ gridArea: 'items', px: { xs: 2, sm: 3 }, py: 1.5 }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
              <Typography variant="h4" component="h2">
                Items
              </Typography>
              <Button component={RouterLink} to="/cartlanding" size="small">
                Edit cart
              </Button>
            </Stack>
            <CartLineList lines={data.lines} />
          </Card>
          <Card sx={{ gridArea: 'summary', p: 3, position: { md: 'sticky' }, top: { md: 88 } }}>
            <Stack sx={{ gap: 2 }}>
              <Typography variant="h4" component="h2">
                Summary
              </Typography>
              <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                <Typography sx={{ fontWeight: 600 }}>{itemCount(data.units)}</Typography>
                <Typography color="text.secondary">{data.arrival.text}</Typography>
              </Stack>
              <ShippingSelector address={address} loading={preferred.isPending} />
              <Totals subtotal={data.subtotal} shipping={data.shipping} total={data.total} />
              {failure && (
                <Alert severity="error" role="alert">
                  {failure}
                </Alert>
              )}
              <Button
                variant="contained"
                size="large"
                fullWidth
                disabled={!canPay}
                onClick={payNow}
                startIcon={
                  checkout.isPending ? (
                    <CircularProgress size={18} color="inherit" aria-hidden />
                  ) : (
                    <LockOutlined />
                  )
                }
              >
                {checkout.isPending ? 'Paying…' : 'Pay Now'}
              </Button>
              {!address && !preferred.isPending && (
                <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
                  Choose where to ship before paying.
                </Typography>
              )}
            </Stack>
          </Card>
        </Box>
      )}
    </Page>
  );
}
