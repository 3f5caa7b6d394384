import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { LoadMore, useDrawnPages } from '../../components/load-more';
import { Page } from '../../components/page';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { useOrders } from '../../features/orders/api/get-orders';
import { OrderHistory } from '../../features/orders/components/order-history';
import { useKeptScroll } from '../../lib/use-kept-scroll';

/**
 * Order history, reached from the Account menu's Orders entry: a page at a time as the shopper
 * scrolls, keeping its place on the way back.
 */
export default function OrdersRoute() {
  const orders = useOrders();
  const drawn = useDrawnPages(orders);
  useKeptScroll(orders.isSuccess);
  let body: React.ReactNode;
  if (orders.isPending) body = <Loading label="Loading your orders" />;
  else if (orders.isError && !orders.data) {
    body = <ErrorState message={orders.error.message} onRetry={() => orders.refetch()} />;
  } else if (!orders.data?.pages[0]?.items.length) {
    body = (
      <EmptyState
        title="No orders yet"
        body="When you buy something, its order and bill appear here."
        action={
          <Button component={RouterLink} to="/home" variant="contained">
            Discover outfits
          </Button>
        }
      />
    );
  } else {
    body = (
      <>
        <OrderHistory pages={drawn.pages} />
        <LoadMore {...drawn.more} />
      </>
    );
  }
  return (
    <Page title="Your orders" subtitle="Newest first, each with its bill." maxWidth="sm">
      {body}
    </Page>
  );
}
