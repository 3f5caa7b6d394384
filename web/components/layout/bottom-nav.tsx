import CheckroomOutlined from '@mui/icons-material/CheckroomOutlined';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import Search from '@mui/icons-material/Search';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import StyleOutlined from '@mui/icons-material/StyleOutlined';
import Badge from '@mui/material/Badge';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import { Link as RouterLink, useLocation } from 'react-router';

const ENTRIES = [
  { label: 'Closet', to: '/closet/occasions', section: '/closet', icon: <CheckroomOutlined /> },
  { label: 'Search', to: '/search', section: '/search', icon: <Search /> },
  { label: 'Swipe', to: '/home', section: '/home', icon: <StyleOutlined /> },
  { label: 'Cart', to: '/cartlanding', section: '/cart', icon: <ShoppingBagOutlined /> },
  { label: 'Favorites', to: '/favorites/outfits', section: '/favorites', icon: <FavoriteBorder /> },
] as const;

export function BottomNav({ cartUnits }: { cartUnits: number }) {
  const { pathname } = useLocation();
  const current = ENTRIES.find((e) => pathname.startsWith(e.section))?.to ?? false;
  return (
    <Paper
      component="nav"
      aria-label="Main"
      elevation={0}
      sx={{
        position: 'fixed',
        bottom: 0,
        left: 0,
        right: 0,
        zIndex: (t) => t.zIndex.appBar,
        borderTop: 1,
        borderColor: 'divider',
        borderRadius: 0,
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      <BottomNavigation
        value={current}
        showLabels
        sx={{ maxWidth: 640, mx: 'auto', bgcolor: 'transparent' }}
      >
        {ENTRIES.map((entry) => (
          <BottomNavigationAction
            key={entry.to}
            component={RouterLink}
            to={entry.to}
            value={entry.to}
            label={entry.label}
            aria-label={
              entry.label === 'Cart' && cartUnits > 0 ? `Cart, ${cartUnits} items` : entry.label
            }
            icon={
              entry.label === 'Cart' ? (
                <Badge badgeContent={cartUnits} max={99} color="secondary">
                  {entry.icon}
                </Badge>
              ) : (
                entry.icon
              )
            }
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}
