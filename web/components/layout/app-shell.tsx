import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { useUser } from '../../features/auth/api/get-user';
import { useCartUnits } from '../../features/cart/api/get-cart';
import { BottomNav } from './bottom-nav';
import { TopBar } from './top-bar';

/** Signed-in shoppers get the top bar and bottom navigation; admins and visitors neither. */
export function AppShell() {
  const { data: user } = useUser();
  const isShopper = Boolean(user?.id) && !user?.isAdmin;
  const cartUnits = useCartUnits(isShopper);
  if (!isShopper) return <Outlet />;
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <TopBar />
      <Box component="main" sx={{ flex: 1, pb: 'calc(72px + env(safe-area-inset-bottom))' }}>
        <Outlet />
      </Box>
      <BottomNav cartUnits={cartUnits} />
    </Box>
  );
}
