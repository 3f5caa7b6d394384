import CheckroomOutlined from '@mui/icons-material/CheckroomOutlined';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import Search from '@mui/icons-material/Search';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import StyleOutlined from '@mui/icons-material/StyleOutlined';
import { Link as RouterLink, useLocation } from 'react-router';
import styles from './shell.module.css';

const ENTRIES = [
  { label: 'Closet', to: '/closet/occasions', section: '/closet', icon: <CheckroomOutlined /> },
  { label: 'Search', to: '/search', section: '/search', icon: <Search /> },
  { label: 'Swipe', to: '/home', section: '/home', icon: <StyleOutlined /> },
  { label: 'Cart', to: '/cartlanding', section: '/cart', icon: <ShoppingBagOutlined /> },
  { label: 'Favorites', to: '/favorites/outfits', section: '/favorites', icon: <FavoriteBorder /> },
] as const;

/** The most a badge spells out; more reads "99+". */
const BADGE_MAX = 99;

/** The five sections at the foot of every shopper's page; the one they are in is marked. */
export function BottomNav({ cartUnits }: { cartUnits: number }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main" className={styles.bottomNav}>
      <div className={styles.entries}>
        {ENTRIES.map((entry) => {
          const cart = entry.label === 'Cart';
          return (
            <RouterLink
              key={entry.to}
              to={entry.to}
              className={styles.entry}
              aria-current={pathname.startsWith(entry.section) ? 'page' : undefined}
              aria-label={cart && cartUnits > 0 ? `Cart, ${cartUnits} items` : entry.label}
            >
              {cart && cartUnits > 0 ? (
                <span className={styles.badged}>
                  {entry.icon}
                  <span className={styles.badge} aria-hidden>
                    {cartUnits > BADGE_MAX ? `${BADGE_MAX}+` : cartUnits}
                  </span>
                </span>
              ) : (
                entry.icon
              )}
              <span className={styles.entryLabel}>{entry.label}</span>
            </RouterLink>
          );
        })}
      </div>
    </nav>
  );
}
