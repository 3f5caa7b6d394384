import { Outlet } from 'react-router';
import { useUser } from '../../features/auth/api/get-user';
import { useCartUnits } from '../../features/cart/api/get-cart';
import { BottomNav } from './bottom-nav';
import styles from './shell.module.css';
import { TopBar } from './top-bar';

/**
 * Signed-in shoppers get the top bar and bottom navigation; admins and visitors neither. While
 * the session is still being checked on a cold load the frame is drawn at once, as most visits
 * are a shopper's, and the page's place shows a placeholder until the answer comes.
 */
export function AppShell() {
  const { data: user, isPending } = useUser();
  const isShopper = Boolean(user?.id) && !user?.isAdmin;
  const cartUnits = useCartUnits(isShopper);
  if (!isShopper && !isPending) return <Outlet />;
  return (
    <div className={styles.shell}>
      <TopBar />
      <main className={styles.main}>
        <Outlet />
      </main>
      <BottomNav cartUnits={cartUnits} />
    </div>
  );
}
