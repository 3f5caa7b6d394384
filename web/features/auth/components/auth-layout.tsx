import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { displayFont, palette } from '../../../app/palette';
import { Themed } from '../../../app/themed';
import { Logo } from '../../../components/brand';

/**
 * The frame around sign-in and sign-up: an editorial panel on wide screens, a card on phones.
 * Loaded only for visitors, it brings MUI's theme with it.
 */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <Themed>
      <Box
        component="main"
        sx={{
          minHeight: '100dvh',
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1.1fr 1fr' },
          bgcolor: 'background.default',
        }}
      >
        <Box
          aria-hidden
          sx={{
            display: { xs: 'none', md: 'flex' },
            flexDirection: 'column',
            justifyContent: 'flex-end',
            p: 6,
            color: palette.paper,
            background: `radial-gradient(120% 80% at 20% 10%, #3a302a 0%, ${palette.ink} 60%), ${palette.ink}`,
            position: 'relative',
            overflow: 'hidden',
          }}
        >
          <Box
            sx={{
              position: 'absolute',
              inset: '10% 12% auto auto',
              width: 260,
              height: 340,
              borderRadius: '130px 130px 18px 18px',
              border: `1px solid rgba(250,247,242,0.25)`,
            }}
          />
          <Box
            sx={{
              position: 'absolute',
              inset: '18% 22% auto auto',
              width: 220,
              height: 300,
              borderRadius: '110px 110px 18px 18px',
              background: `linear-gradient(160deg, ${palette.accent}, #7a3a22)`,
              opacity: 0.85,
            }}
          />
          <Typography
            sx={{ fontFamily: displayFont, fontSize: '3.2rem', lineHeight: 1.05, maxWidth: 420 }}
          >
            Outfits that learn what you love.
          </Typography>
          <Typography sx={{ mt: 2, opacity: 0.75, maxWidth: 380 }}>
            Swipe right on looks you like, heart the pieces you want, and check out in a tap.
          </Typography>
        </Box>
        <Stack sx={{ justifyContent: 'center', alignItems: 'center', p: { xs: 2, sm: 4 } }}>
          <Paper
            variant="outlined"
            sx={{
              width: '100%',
              maxWidth: 420,
              p: { xs: 3, sm: 4 },
              borderRadius: 5,
              borderColor: 'divider',
            }}
          >
            <Stack spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
              <Logo size={52} />
              <Typography variant="h2" component="h1" sx={{ textAlign: 'center' }}>
                {title}
              </Typography>
              <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
                {subtitle}
              </Typography>
            </Stack>
            {children}
          </Paper>
        </Stack>
      </Box>
    </Themed>
  );
}
