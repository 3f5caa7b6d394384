import CheckroomOutlined from '@mui/icons-material/CheckroomOutlined';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import Search from '@mui/icons-material/Search';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import StyleOutlined from '@mui/icons-material/StyleOutlined';

/** The shopper's five sections: the tab bar on phones, the header on wide screens. */
export const NAV_ENTRIES = [
  { label: 'Closet', to: '/closet/occasions', section: '/closet', icon: <CheckroomOutlined /> },
  { label: 'Search', to: '/search', section: '/search', icon: <Search /> },
  { label: 'Swipe', to: '/home', section: '/home', icon: <StyleOutlined /> },
  { label: 'Cart', to: '/cartlanding', section: '/cart', icon: <ShoppingBagOutlined /> },
  { label: 'Favorites', to: '/favorites/outfits', section: '/favorites', icon: <FavoriteBorder /> },
] as const;

export type NavEntry = (typeof NAV_ENTRIES)[number];

/** The most a badge spells out; more reads "99+". */
const BADGE_MAX = 99;

export const badgeText = (units: number) => (units > BADGE_MAX ? `${BADGE_MAX}+` : String(units));

/** The cart's name with what is in it, for the link that shows only a badge. */
export const cartLabel = (units: number) =>
  units > 0 ? `Cart, ${units} ${units === 1 ? 'item' : 'items'}` : 'Cart';
