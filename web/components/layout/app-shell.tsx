import { Outlet } from 'react-router';
import { useUser } from '../../features/auth/api/get-user';
import { useCartUnits } from '../../features/cart/api/get-cart';
import { ProductSheetProvider } from '../../features/catalog/components/product-sheet-provider';
import { BottomNav } from './bottom-nav';
import styles from './shell.module.css';
import { TopBar } from './top-bar';

/** Signed-in shoppers get the top bar and bottom navigation; admins and visitors neither. */
export function AppShell() {
  const { data: user } = useUser();
  const isShopper = Boolean(user?.id) && !user?.isAdmin;
  const cartUnits = useCartUnits(isShopper);
  if (!isShopper) return <Outlet />;
  return (
    <ProductSheetProvider>
      <div className={styles.shell}>
        <TopBar />
        <main className={styles.main}>
          <Outlet />
        </main>
        <BottomNav cartUnits={cartUnits} />
      </div>
    </ProductSheetProvider>
  );
}
