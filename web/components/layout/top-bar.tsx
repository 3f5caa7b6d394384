import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import ArrowBack from '@mui/icons-material/ArrowBack';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/api/logout';
import { classNames } from '../../lib/class-names';
import { useNotify } from '../../lib/notify';
import { Wordmark } from '../brand';
import roundButton from '../round-button.module.css';
import { AccountMenu, type AccountMenuAction } from './account-menu';
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

export function TopBar() {
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
      run: () => logout.mutate(undefined, { onSettled: () => navigate('/home') }),
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
          <Wordmark />
        </RouterLink>
        {mode === 'top-level' && <AccountMenu actions={actions} />}
      </div>
    </header>
  );
}
