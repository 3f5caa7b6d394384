import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import ArrowBack from '@mui/icons-material/ArrowBack';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SearchIcon from '@mui/icons-material/Search';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/api/logout';
import { classNames } from '../../lib/class-names';
import { useNotify } from '../../lib/notify';
import { Wordmark } from '../brand';
import roundButton from '../round-button.module.css';
import { AccountMenu, type AccountMenuAction } from './account-menu';
import { badgeText, cartLabel, NAV_ENTRIES } from './nav-entries';
import { navModeFor } from './nav-mode';
import styles from './shell.module.css';

async function share(notify: ReturnType<typeof useNotify>) {
  const data = {
    title: 'Drape',
    text: 'Swipe through outfits with me on Drape',
    url: window.location.origin,
  };
  if (navigator.share) {
    try {
      await navigator.share(data);
    } catch {
      // The shopper closed the share sheet.
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(data.url);
    notify('Link copied to your clipboard', 'success');
  } catch {
    notify(`Share this link: ${data.url}`, 'info');
  }
}

/** The header's search box (wide screens): submitting opens the search page with the words. */
function HeaderSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not known to every browser and test DOM yet
    <form
      role="search"
      className={classNames(styles.headerSearch, styles.headerSearchForm)}
      onSubmit={(event) => {
        event.preventDefault();
        const q = text.trim();
        navigate(q ? `/search?q=${encodeURIComponent(q)}` : '/search');
        setText('');
      }}
    >
      <SearchIcon aria-hidden className={styles.headerSearchIcon} />
      <input
        type="search"
        name="q"
        aria-label="Search outfits and pieces"
        placeholder="Search outfits and pieces"
        maxLength={100}
        enterKeyHint="search"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}

/**
 * The sections in the header on wide screens (from 1024px, where the tab bar goes). It carries
 * the tab bar's name, so a page has one "Main" navigation at any width.
 */
function HeaderNav({ cartUnits }: { cartUnits: number }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main" className={styles.headerNav}>
      {NAV_ENTRIES.map((entry) => {
        const cart = entry.label === 'Cart';
        return (
          <RouterLink
            key={entry.to}
            to={entry.to}
            className={classNames(styles.headerLink, cart && styles.bag)}
            aria-current={pathname.startsWith(entry.section) ? 'page' : undefined}
            aria-label={cart ? cartLabel(cartUnits) : undefined}
          >
            <span className={styles.badged} aria-hidden>
              {entry.icon}
              {cart && cartUnits > 0 && (
                <span className={styles.badge}>{badgeText(cartUnits)}</span>
              )}
            </span>
            <span>{entry.label}</span>
          </RouterLink>
        );
      })}
    </nav>
  );
}

export function TopBar({ cartUnits }: { cartUnits: number }) {
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const notify = useNotify();
  const mode = navModeFor(location.pathname);

  const actions: AccountMenuAction[] = [
    { name: 'Account', icon: <AccountCircleOutlined />, run: () => navigate('/user') },
    { name: 'Orders', icon: <ReceiptLongOutlined />, run: () => navigate('/orders') },
    { name: 'Settings', icon: <SettingsOutlined />, run: () => navigate('/settings') },
    { name: 'Share', icon: <ShareOutlined />, run: () => void share(notify) },
    {
      name: 'Logout',
      icon: <LogoutOutlined />,
      run: () => logout.mutate(undefined, { onSuccess: () => navigate('/home') }),
    },
  ];

  return (
    <header className={styles.topBar}>
      <div className={styles.toolbar}>
        {mode === 'detail' && (
          <button
            type="button"
            className={classNames(roundButton.round, styles.fab, styles.back)}
            aria-label="Back"
            onClick={() => navigate(-1)}
          >
            <ArrowBack />
          </button>
        )}
        <RouterLink to="/home" aria-label="Drape home" className={styles.home}>
          {/* Sized to the screen, not the text: at 200% text it still fits between the buttons. */}
          <Wordmark size="clamp(18px, 7vw, 28px)" />
        </RouterLink>
        {/* The search page has its own box; one is enough. */}
        {location.pathname !== '/search' && <HeaderSearch />}
        <HeaderNav cartUnits={cartUnits} />
        {/* On phones a page reached from another has Back instead; wide screens have room for both. */}
        <div className={classNames(styles.menuSlot, mode === 'detail' && styles.wideOnly)}>
          <AccountMenu actions={actions} />
        </div>
      </div>
    </header>
  );
}
