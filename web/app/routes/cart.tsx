import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { PaymentSession } from '../../../contracts/payment';
import { Page } from '../../components/page';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { Totals } from '../../components/totals';
import { useUser } from '../../features/auth/api/get-user';
import { useCart } from '../../features/cart/api/get-cart';
import { CartLineList, isShort } from '../../features/cart/components/cart-line-list';
import { itemCount } from '../../features/cart/components/item-count';
import { checkoutSettled, useCheckout } from '../../features/orders/api/checkout';
import {
  useApprovePayment,
  useCancelPayment,
  useOpenPayment,
} from '../../features/orders/api/payment-session';
import {
  PaymentMethodPicker,
  useKeptPaymentMethod,
} from '../../features/orders/components/payment-method-picker';
import { ProviderSheet } from '../../features/orders/components/provider-sheet';
import { usePreferredAddress } from '../../features/shipping/api/get-addresses';
import { ShippingSelector } from '../../features/shipping/components/shipping-selector';
import { ApiRequestError } from '../../lib/api-client';
import { messageOf } from '../../lib/error-message';
import { ZOOMED_PHONE } from '../../lib/zoomed';

/** How Pay Now looks while there is nothing it can pay for: as a disabled button. */
const UNPAYABLE = {
  bgcolor: 'action.disabledBackground',
  color: 'action.disabled',
  boxShadow: 'none',
  cursor: 'default',
  '&:hover': { bgcolor: 'action.disabledBackground', boxShadow: 'none' },
} as const;

const UNSETTLED =
  'Your payment may have been taken without your order being placed. Pay again for the same ' +
  'cart, address and payment method to finish it: you will be charged once. If you do not, ' +
  'any payment taken will be returned.';

/**
 * SPEC's /cart: the items, the payment choice, shipping, total and Pay Now. Pay Now opens the
 * payment at the provider (the server computes the amount) and shows the provider's sheet;
 * approving there places the order, cancelling leaves everything as it was.
 */
export default function CartRoute() {
  // Read again whenever the shopper comes back to the page: the bag may have changed in another tab.
  const cart = useCart({ refetchOnWindowFocus: 'always' });
  const preferred = usePreferredAddress();
  const { data: user } = useUser();
  const checkout = useCheckout();
  const openPayment = useOpenPayment();
  const approvePayment = useApprovePayment();
  const cancelPayment = useCancelPayment();
  const navigate = useNavigate();
  const [method, setMethod] = useKeptPaymentMethod();
  const [session, setSession] = useState<PaymentSession | null>(null);
  const [sheetError, setSheetError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const [paying, setPaying] = useState(false);
  const [paid, setPaid] = useState(false);
  // A second click can land before React re-renders the disabled button.
  const submitting = useRef(false);
  // The payment approved in this sheet: paying again after a failed checkout goes straight to
  // the checkout, since a payment a checkout took cannot be approved again.
  const approved = useRef<string | null>(null);
  // The payments a checkout was sent with from this page.
  const sent = useRef(new Set<string>());
  // The last checkout failed without a final answer (a 5xx, or none): its charge may stand, and
  // the same cart paid again (its key is kept) is charged with it, once.
  const [unsettled, setUnsettled] = useState(false);
  // Focus comes back to Pay Now when the sheet closes, beside what the page now says about it.
  const payButton = useRef<HTMLButtonElement>(null);
  const sheetWasOpen = useRef(false);
  useEffect(() => {
    if (session) sheetWasOpen.current = true;
    else if (sheetWasOpen.current && !paid) {
      sheetWasOpen.current = false;
      payButton.current?.focus();
    }
  }, [session, paid]);
  // A refusal can come with a cart emptied elsewhere: Pay Now leaves the page with its lines, so
  // focus goes to the way back, below what the page says about it.
  const backToCart = useRef<HTMLAnchorElement>(null);
  const emptied = cart.data?.lines.length === 0 && (failure !== null || unsettled);
  useEffect(() => {
    if (emptied && session === null) backToCart.current?.focus();
  }, [emptied, session]);
  const shortHint = useId();
  const addressHint = useId();

  if (cart.isPending) {
    return (
      <Page title="Checkout">
        <Loading label="Loading your cart" />
      </Page>
    );
  }
  // Only a cart never read: a failed read after one keeps its data, and the payment sheet over it.
  if (cart.data === undefined) {
    return (
      <Page title="Checkout">
        <ErrorState message={cart.error.message} onRetry={() => cart.refetch()} />
      </Page>
    );
  }
  const { data } = cart;
  const address = preferred.address ?? null;
  const busy = openPayment.isPending || session !== null;
  const short = data.lines.filter(isShort);
  const payable = data.totalCents > 0 && address !== null && short.length === 0;
  const canPay = payable && !busy;
  const needsAddress = !address && !preferred.isPending && !preferred.isError;

  async function payNow() {
    if (!canPay || !address || submitting.current) return;
    submitting.current = true;
    setFailure(null);
    setCancelled(false);
    setSheetError(null);
    try {
      const opened = await openPayment.mutateAsync({
        addressId: address.id,
        paymentMethod: method,
      });
      if (opened.amountCents !== data.totalCents) {
        // The bag changed elsewhere (another tab) since this page read it: nothing is paid for
        // a total the shopper has not seen.
        cancelPayment.mutate(opened.id);
        setFailure(
          `Your bag changed since this page was opened: it now comes to ${opened.amount}. Check it, then pay.`,
        );
        void cart.refetch();
        return;
      }
      setSession(opened);
    } catch (error) {
      setFailure(messageOf(error, 'The payment could not be started. Try again.'));
      // The refusal may be about the bag or the address changed elsewhere: show them as they are.
      void cart.refetch();
      void preferred.refetch();
    } finally {
      submitting.current = false;
    }
  }

  async function approve() {
    if (!session || !address || submitting.current) return;
    submitting.current = true;
    setPaying(true);
    setSheetError(null);
    let checkingOut = false;
    try {
      if (approved.current !== session.id) {
        await approvePayment.mutateAsync(session.id);
        approved.current = session.id;
      }
      sent.current.add(session.id);
      checkingOut = true;
      const order = await checkout.mutateAsync({
        addressId: address.id,
        paymentMethod: session.paymentMethod,
        paymentId: session.id,
      });
      setPaid(true);
      navigate(`/checkout?order=${encodeURIComponent(order.number)}`);
    } catch (error) {
      const text = messageOf(error, 'The payment did not go through. Try again.');
      // A checkout's 4xx is final: the payment was spent on the attempt or no longer matches the
      // cart. So is an approval's 409 (the payment expired, was cancelled or was used) or 404
      // (an unspent payment is forgotten a day after it expired). Either way the sheet closes
      // with it and the shopper pays again from the page. (A payment left approved takes nothing
      // without a checkout, and expires.)
      const ended = checkingOut
        ? checkoutSettled(error)
        : error instanceof ApiRequestError && (error.status === 409 || error.status === 404);
      if (ended) {
        setUnsettled(false);
        setSession(null);
        setFailure(text);
      } else {
        if (checkingOut) setUnsettled(true);
        setSheetError(text);
      }
    } finally {
      submitting.current = false;
      setPaying(false);
    }
  }

  function cancel() {
    if (!session || paying) return;
    // Ending the payment changes nothing else; if it was already spent the server says so and
    // there is nothing more to undo here.
    cancelPayment.mutate(session.id);
    setSession(null);
    setSheetError(null);
    if (unsettled) setFailure(UNSETTLED);
    // A checkout sent with this payment had its answer in the sheet; nothing to add.
    else if (!sent.current.has(session.id)) setCancelled(true);
  }

  return (
    <Page title="Checkout" subtitle="Payment, shipping and total.">
      {data.lines.length === 0 && !paying && !paid && unsettled ? (
        // The cart emptied after a checkout whose answer never came: likely its order.
        <EmptyState
          title="Your order may have been placed"
          body="Its answer did not reach you: check your orders."
          action={
            <Button ref={backToCart} component={RouterLink} to="/orders" variant="contained">
              See your orders
            </Button>
          }
        />
      ) : data.lines.length === 0 && !paying && !paid ? (
        <>
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          <EmptyState
            title="Nothing to pay for"
            body="Your cart is empty."
            action={
              <Button ref={backToCart} component={RouterLink} to="/cartlanding" variant="contained">
                Back to your cart
              </Button>
            }
          />
        </>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 340px' },
            // What is being bought comes first, then how to pay, then the total and Pay Now; the
            // markup keeps that order too, so the keyboard meets them as the eye does.
            gridTemplateAreas: {
              xs: '"items" "payment" "summary"',
              md: '"items summary" "payment summary"',
            },
            gridTemplateRows: { md: 'auto 1fr' },
            columnGap: 4,
            rowGap: 2,
            alignItems: 'start',
          }}
        >
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
          <Card sx={{ gridArea: 'payment', p: { xs: 2, sm: 3 } }}>
            <PaymentMethodPicker
              value={method}
              onChange={setMethod}
              disabled={openPayment.isPending}
            />
          </Card>
          <Card
            sx={{
              gridArea: 'summary',
              p: 3,
              [ZOOMED_PHONE]: { p: 1.5 },
              position: { md: 'sticky' },
              top: { md: 88 },
            }}
          >
            <Stack sx={{ gap: 2 }}>
              <Typography variant="h4" component="h2">
                Summary
              </Typography>
              <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                <Typography sx={{ fontWeight: 600 }}>{itemCount(data.units)}</Typography>
                <Typography color="text.secondary">{data.arrival.text}</Typography>
              </Stack>
              <ShippingSelector address={address} loading={preferred.isPending} />
              {preferred.isError && (
                <Alert
                  severity="error"
                  role="alert"
                  action={
                    <Button color="inherit" size="small" onClick={() => preferred.refetch()}>
                      Retry
                    </Button>
                  }
                >
                  Your addresses could not be loaded.
                </Alert>
              )}
              <Totals subtotal={data.subtotal} shipping={data.shipping} total={data.total} />
              {failure && (
                <Alert severity="error" role="alert">
                  {failure}
                </Alert>
              )}
              {cancelled && (
                <Alert severity="info" role="status" onClose={() => setCancelled(false)}>
                  Payment cancelled. Nothing was charged and your cart is as you left it.
                </Alert>
              )}
              <Button
                ref={payButton}
                variant="contained"
                size="large"
                fullWidth
                // Held, not disabled: a refusal that makes the cart unpayable keeps the focus here.
                aria-disabled={!canPay}
                aria-describedby={
                  [short.length > 0 && shortHint, needsAddress && addressHint]
                    .filter(Boolean)
                    .join(' ') || undefined
                }
                onClick={payNow}
                sx={payable ? undefined : UNPAYABLE}
                startIcon={
                  openPayment.isPending ? (
                    <CircularProgress size={18} color="inherit" aria-hidden />
                  ) : (
                    <LockOutlined />
                  )
                }
              >
                {openPayment.isPending ? 'Opening payment…' : 'Pay Now'}
              </Button>
              {short.length > 0 && (
                <Typography
                  id={shortHint}
                  variant="body2"
                  color="error"
                  sx={{ textAlign: 'center' }}
                >
                  Not enough left of{' '}
                  {short.map((line) => `${line.name} (${line.color}, ${line.size})`).join(', ')}.
                  Lower or remove {short.length === 1 ? 'it' : 'them'} in{' '}
                  <Link component={RouterLink} to="/cartlanding" color="inherit">
                    your cart
                  </Link>{' '}
                  to pay.
                </Typography>
              )}
              {needsAddress && (
                <Typography
                  id={addressHint}
                  variant="body2"
                  color="text.secondary"
                  sx={{ textAlign: 'center' }}
                >
                  Choose where to ship before paying.
                </Typography>
              )}
            </Stack>
          </Card>
        </Box>
      )}
      <ProviderSheet
        session={session}
        busy={paying}
        done={paid}
        error={sheetError}
        payer={{
          name: user?.firstName ?? user?.username ?? 'there',
          email: user?.email ?? null,
        }}
        arrival={data.arrival.text.replace(/^Arrives: /, 'arrives ')}
        onApprove={approve}
        onCancel={cancel}
      />
    </Page>
  );
}
