import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NavLink } from 'react-router';
import { Wordmark } from '../../../components/brand';

/** Below this width the wordmark, the three sections and Log out no longer fit on one line. */
const NARROW = '@media (max-width: 379.95px)';

const SECTIONS = [
  { to: '/admin/design', label: 'Studio' },
  { to: '/admin/design/outfits', label: 'Outfits' },
  { to: '/admin/team', label: 'Team' },
] as const;

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
          gap: { xs: 1, sm: 1.5 },
          // The sections take a line of their own rather than hide one behind a scroll.
          [NARROW]: { flexWrap: 'wrap', height: 'auto', py: 1, rowGap: 0.5 },
        }}
      >
        <Wordmark size="1.45rem" />
        <Box
          component="nav"
          aria-label="Design"
          sx={{
            display: 'flex',
            gap: 0.5,
            minWidth: 0,
            p: '3px',
            borderLeft: { sm: 1 },
            borderColor: { sm: 'divider' },
            pl: { sm: 1.5 },
            [NARROW]: { order: 1, flexBasis: '100%', flexWrap: 'wrap', p: 0 },
          }}
        >
          {SECTIONS.map((section) => (
            <Box
              key={section.to}
              component={NavLink}
              to={section.to}
              end
              sx={{
                flexShrink: 0,
                px: { xs: 0.75, sm: 1.25 },
                py: 0.5,
                borderRadius: 999,
                fontWeight: 700,
                fontSize: '0.72rem',
                letterSpacing: '0.12em',
                textTransform: 'uppercase',
                textDecoration: 'none',
                color: 'text.secondary',
                // The darker accent: the main one is under 4.5:1 on the tinted pill at this size.
                '&.active': { color: 'secondary.dark', bgcolor: 'rgba(0,0,0,0.05)' },
                '&:hover': { color: 'text.primary' },
              }}
            >
              {section.label}
            </Box>
          ))}
        </Box>
        {/* Phones keep their width for the sections and Log out. */}
        <Stack
          direction="row"
          sx={{ ml: 'auto', alignItems: 'center', gap: 1, display: { xs: 'none', sm: 'flex' } }}
        >
          <Avatar
            aria-hidden
            sx={{ width: 30, height: 30, fontSize: '0.85rem', bgcolor: 'primary.main' }}
          >
            {username.charAt(0).toUpperCase()}
          </Avatar>
          <Typography
            noWrap
            sx={{
              fontWeight: 600,
              fontSize: '0.9rem',
              maxWidth: 200,
              display: { xs: 'none', sm: 'block' },
            }}
          >
            {username}
          </Typography>
        </Stack>
        <Button
          variant="outlined"
          size="small"
          color="inherit"
          onClick={onLogout}
          disabled={loggingOut}
          aria-label="Log out"
          sx={{
            minHeight: 36,
            minWidth: 36,
            ml: { xs: 'auto', sm: 0 },
            px: { xs: 1, sm: 1.5 },
            gap: 0.75,
            borderColor: 'divider',
          }}
        >
          <LogoutOutlined fontSize="small" />
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            Log out
          </Box>
        </Button>
      </Stack>
    </Box>
  );
}
