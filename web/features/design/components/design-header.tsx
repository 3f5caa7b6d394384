import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Wordmark } from '../../../components/brand';

/** Admins have no top bar: this small header names the studio, the admin, and signs out. */
export function DesignHeader({
  username,
  onLogout,
  loggingOut,
}: {
  username: string;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  return (
    <Box
      component="header"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 10,
        bgcolor: 'rgba(250,247,242,0.94)',
        backdropFilter: 'blur(10px)',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Stack
        direction="row"
        sx={{
          maxWidth: 1440,
          mx: 'auto',
          px: { xs: 2, md: 3 },
          height: 60,
          alignItems: 'center',
          gap: 1.5,
        }}
      >
        <Wordmark size="1.45rem" />
        <Typography
          component="span"
          sx={{
            color: 'secondary.main',
            fontWeight: 700,
            fontSize: '0.72rem',
            letterSpacing: '0.16em',
            textTransform: 'uppercase',
            borderLeft: 1,
            borderColor: 'divider',
            pl: 1.5,
            display: { xs: 'none', sm: 'block' },
          }}
        >
          Studio
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <Avatar
            aria-hidden
            sx={{ width: 30, height: 30, fontSize: '0.85rem', bgcolor: 'primary.main' }}
          >
            {username.charAt(0).toUpperCase()}
          </Avatar>
          <Typography
            noWrap
            sx={{ fontWeight: 600, fontSize: '0.9rem', maxWidth: { xs: 96, sm: 200 } }}
          >
            {username}
          </Typography>
        </Stack>
        <Button
          variant="outlined"
          size="small"
          color="inherit"
          startIcon={<LogoutOutlined fontSize="small" />}
          onClick={onLogout}
          disabled={loggingOut}
          sx={{ minHeight: 36, borderColor: 'divider' }}
        >
          Log out
        </Button>
      </Stack>
    </Box>
  );
}
