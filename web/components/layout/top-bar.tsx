import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import ArrowBack from '@mui/icons-material/ArrowBack';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import Toolbar from '@mui/material/Toolbar';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/api/logout';
import { useNotify } from '../../lib/notify';
import { Wordmark } from '../brand';
import { AccountMenu, type AccountMenuAction } from './account-menu';
import { navModeFor } from './nav-mode';

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
    { name: 'Settings', icon: <SettingsOutlined />, run: () => navigate('/info') },
    { name: 'Share', icon: <ShareOutlined />, run: () => void share(notify) },
    {
      name: 'Logout',
      icon: <LogoutOutlined />,
      run: () => logout.mutate(undefined, { onSettled: () => navigate('/home') }),
    },
  ];

  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{
        bgcolor: 'rgba(250,247,242,0.92)',
        backdropFilter: 'blur(10px)',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Toolbar sx={{ justifyContent: 'center', minHeight: { xs: 56 }, position: 'relative' }}>
        {mode === 'detail' && (
          <Fab
            size="small"
            aria-label="Back"
            onClick={() => navigate(-1)}
            sx={{ position: 'absolute', left: 12, bgcolor: 'background.paper', boxShadow: 1 }}
          >
            <ArrowBack />
          </Fab>
        )}
        <Box
          component={RouterLink}
          to="/home"
          aria-label="Drape home"
          sx={{ color: 'text.primary', textDecoration: 'none' }}
        >
          <Wordmark />
        </Box>
        {mode === 'top-level' && <AccountMenu actions={actions} />}
      </Toolbar>
    </AppBar>
  );
}
