import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { displayFont, palette } from '../../../app/palette';
import { Themed } from '../../../app/themed';
import { Logo, Wordmark } from '../../../components/brand';
import { LoginForm } from './login-form';

/**
 * One look from the shop, pictured with the shop's own item pictures: the catalogue generator
 * draws one per garment and colour it sells (server/db/seed), served under /images/items.
 */
export const WELCOME_LOOK = [
  { img: '/images/items/trench/camel.webp', name: 'Harbour Wool Trench' },
  { img: '/images/items/sweater/cream.webp', name: 'Merino Crewneck Sweater' },
  { img: '/images/items/tote/camel.webp', name: 'Canvas Weekender Tote' },
  { img: '/images/items/jeans/denim-blue.webp', name: 'High-Rise Wide-Leg Jeans' },
  { img: '/images/items/boot/black.webp', name: 'Leather Chelsea Boot' },
] as const;

const STEPS = [
  ['Swipe whole looks', 'Right keeps an outfit, left passes. Drape learns what you like.'],
  ['Heart the pieces', 'Save single pieces from any look into your favorites.'],
  ['Buy in your size', 'Pick sizes, then pay with PayPal or Apple Pay.'],
] as const;

/**
 * What a first-time visitor sees at /home: what Drape is, one look in pictures, and then log in
 * or register.
 */
export function WelcomeScreen() {
  return (
    <Themed>
      <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
        <Box
          component="header"
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            px: { xs: 2, sm: 4 },
            py: 1.5,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
            <Logo size={32} />
            <Wordmark size="1.4rem" />
          </Stack>
          <Button component={RouterLink} to="/registration" variant="outlined" size="small">
            Register
          </Button>
        </Box>
        <Box
          component="main"
          sx={{
            maxWidth: 1120,
            mx: 'auto',
            px: { xs: 2, sm: 4 },
            py: { xs: 3, md: 6 },
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.2fr) minmax(0, 1fr)' },
            gap: { xs: 4, md: 6 },
            alignItems: 'start',
          }}
        >
          <Stack sx={{ gap: 3 }}>
            <Box>
              <Typography
                variant="overline"
                component="p"
                sx={{ color: 'secondary.main', fontWeight: 700 }}
              >
                Outfits, not just clothes
              </Typography>
              <Typography
                component="h1"
                sx={{
                  fontFamily: displayFont,
                  fontSize: { xs: '2.3rem', md: '3.2rem' },
                  lineHeight: 1.05,
                  mt: 0.5,
                }}
              >
                Welcome to Drape
              </Typography>
              <Typography sx={{ mt: 1.5, fontSize: '1.1rem', color: 'text.secondary' }}>
                Drape shows you complete looks, five pieces picked to go together. Swipe through
                them, keep the ones you love, and buy any piece in your size.
              </Typography>
            </Box>
            <Box
              role="group"
              aria-label="A look from the shop"
              sx={{
                display: 'grid',
                gridTemplateColumns: 'repeat(6, minmax(0, 1fr))',
                gridTemplateRows: { xs: '120px 120px', sm: '170px 170px' },
                gap: 1.25,
              }}
            >
              {WELCOME_LOOK.map((piece, i) => (
                <Box
                  key={piece.img}
                  sx={{
                    gridColumn: i < 2 ? 'span 3' : 'span 2',
                    borderRadius: '18px',
                    bgcolor: i % 2 === 0 ? '#efe8dd' : palette.surface,
                    border: 1,
                    borderColor: 'divider',
                    overflow: 'hidden',
                    p: 1,
                  }}
                >
                  <Box
                    component="img"
                    src={piece.img}
                    alt={piece.name}
                    sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
                  />
                </Box>
              ))}
            </Box>
            <Box
              component="ol"
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
                gap: 2,
              }}
            >
              {STEPS.map(([title, body], i) => (
                <Box component="li" key={title} sx={{ display: 'flex', gap: 1.5 }}>
                  <Box
                    aria-hidden
                    sx={{
                      flex: 'none',
                      width: 28,
                      height: 28,
                      borderRadius: '50%',
                      bgcolor: 'primary.main',
                      color: 'primary.contrastText',
                      display: 'grid',
                      placeItems: 'center',
                      fontWeight: 700,
                      fontSize: 14,
                    }}
                  >
                    {i + 1}
                  </Box>
                  <Box>
                    <Typography sx={{ fontWeight: 700 }}>{title}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {body}
                    </Typography>
                  </Box>
                </Box>
              ))}
            </Box>
          </Stack>
          <Paper
            variant="outlined"
            sx={{
              p: { xs: 2.5, sm: 4 },
              borderRadius: 5,
              position: { md: 'sticky' },
              top: { md: 24 },
            }}
          >
            <Typography variant="h3" component="h2" sx={{ textAlign: 'center' }}>
              Log in or register
            </Typography>
            <Typography color="text.secondary" sx={{ textAlign: 'center', mb: 2.5 }}>
              New to Drape? Registering takes a minute.
            </Typography>
            <Button
              component={RouterLink}
              to="/registration"
              variant="contained"
              color="secondary"
              size="large"
              fullWidth
              sx={{ mb: 2.5 }}
            >
              Create an account
            </Button>
            <Typography
              variant="overline"
              component="p"
              color="text.secondary"
              sx={{ textAlign: 'center', mb: 1.5 }}
            >
              Already shopping with us?
            </Typography>
            <LoginForm showRegisterLink={false} autoFocus={false} />
          </Paper>
        </Box>
      </Box>
    </Themed>
  );
}
