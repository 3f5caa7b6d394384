import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { useUser } from '../../features/auth/api/get-user';
import { useOrder } from '../../features/orders/api/get-order';
import { OrderSummary } from '../../features/orders/components/order-summary';
import { ApiRequestError } from '../../lib/api-client';

/** SPEC's Order Confirmation, with the real order number, items, total, address and arrival. */
export default function CheckoutRoute() {
  const [params] = useSearchParams();
  const number = params.get('order');
  const order = useOrder(number);
  const { data: user } = useUser();

  // No number, or one that names none of the shopper's orders (a link typed or from elsewhere).
  const unknown =
    order.error instanceof ApiRequestError &&
    (order.error.status === 404 || order.error.status === 400);
  if (!number || unknown) {
    return (
      <Page title="Order Confirmation">
        <EmptyState
          title={number ? 'No such order' : 'No order to show'}
          body="Your past orders are all under Orders."
          action={
            <Button component={RouterLink} to="/orders" variant="contained">
              See your orders
            </Button>
          }
        />
      </Page>
    );
  }
  if (order.isPending) {
    return (
      <Page title="Order Confirmation">
        <Loading label="Loading your order" />
      </Page>
    );
  }
  if (order.isError) {
    return (
      <Page title="Order Confirmation">
        <ErrorState message={order.error.message} onRetry={() => order.refetch()} />
      </Page>
    );
  }
  const placed = order.data;
  const to = user?.email ? ` to ${user.email}` : '';
  return (
    <Page title="Order Confirmation" maxWidth="sm">
      <Card sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Stack sx={{ gap: 3 }}>
          <Stack sx={{ alignItems: 'center', textAlign: 'center', gap: 1 }}>
            <CheckCircleOutline color="success" style={{ fontSize: 52 }} aria-hidden />
            <Typography variant="h3" component="h2">
              Your order has been placed
            </Typography>
            <Typography color="text.secondary">Order number</Typography>
            <Typography
              data-testid="order-number"
              sx={{ fontWeight: 700, fontSize: '1.35rem', letterSpacing: '0.06em' }}
            >
              {placed.number}
            </Typography>
          </Stack>
          {placed.emailed ? (
            <Alert icon={<MarkEmailReadOutlined />} severity="success" variant="outlined">
              A confirmation e-mail with your bill was sent{to}.
            </Alert>
          ) : user && !user.email ? (
            // An account may have no e-mail address: nothing failed.
            <Alert severity="info" variant="outlined">
              Your account has no e-mail address, so no confirmation was sent. Your bill is always
              under Orders.
            </Alert>
          ) : (
            <Alert severity="info" variant="outlined">
              We could not e-mail your confirmation just now. Your order is safe, and its bill is
              always under Orders.
            </Alert>
          )}
          <OrderSummary order={placed} />
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1 }}>
            <Button component={RouterLink} to="/orders" variant="contained" fullWidth>
              See your orders
            </Button>
            <Button component={RouterLink} to="/home" variant="outlined" fullWidth>
              Keep swiping
            </Button>
          </Stack>
        </Stack>
      </Card>
    </Page>
  );
}
