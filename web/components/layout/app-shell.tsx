import { useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { RouteErrorBoundary } from '../../app/route-error';
import { useUser } from '../../features/auth/api/get-user';
import { useCartUnits } from '../../features/cart/api/get-cart';
import { ProductSheetProvider } from '../../features/catalog/components/product-sheet-provider';
import { useFeedOutbox } from '../../features/feed/api/feed-outbox';
import { BottomNav } from './bottom-nav';
import { OfflineLine } from './offline-line';
import styles from './shell.module.css';
import { TopBar } from './top-bar';
import { useHeadingFocus } from './use-heading-focus';
import { useTopOnNewPage } from './use-top-on-new-page';

/** Swipes, undos and hearts kept offline are sent whichever page the shopper is on. */
function SendsKeptChanges({ userId }: { userId: number }) {
  useFeedOutbox(userId);
  return null;
}

/**
 * Signed-in shoppers get the top bar and bottom navigation; admins and visitors neither. While
 * the session is still being checked on a cold load the frame is drawn at once, as most visits
 * are a shopper's, and the page's place shows a placeholder until the answer comes.
 */
export function AppShell() {
  const { data: user, isPending } = useUser();
  const isShopper = Boolean(user?.id) && !user?.isAdmin;
  const cartUnits = useCartUnits(isShopper);
  const location = useLocation();
  const main = useRef<HTMLElement>(null);
  useHeadingFocus(main, location.pathname);
  useTopOnNewPage(location.pathname);
  if (!isShopper && !isPending) return <Outlet />;
  return (
    <ProductSheetProvider>
      <div className={styles.shell}>
        <TopBar cartUnits={cartUnits} />
        {isShopper && user && <SendsKeptChanges key={user.id} userId={user.id} />}
        <main ref={main} className={styles.main}>
          <OfflineLine />
          {/* A page that fails shows its error here: the header and the tab bar stay. */}
          <RouteErrorBoundary resetKey={location.key}>
            <Outlet />
          </RouteErrorBoundary>
        </main>
        <BottomNav cartUnits={cartUnits} />
      </div>
    </ProductSheetProvider>
  );
}
