import CheckroomOutlined from '@mui/icons-material/CheckroomOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

const HINTS = {
  outfits:
    'Own all five pieces of an outfit, in any colour or size, and it appears here, ready to wear again.',
  pieces: 'Everything you buy shows up here, sorted by category.',
} as const;

/**
 * The closet with nothing to show: say how it fills, and lead somewhere useful. For outfits,
 * also point at the pieces, in case some are owned but no outfit is complete yet.
 */
export function ClosetEmpty({ kind }: { kind: keyof typeof HINTS }) {
  return (
    <Box
      component="section"
      aria-labelledby="closet-empty-title"
      sx={{
        textAlign: 'center',
        px: { xs: 2.5, sm: 4 },
        py: { xs: 3, sm: 4 },
        mb: 3,
        borderRadius: '18px',
        border: 1,
        borderColor: 'divider',
        background: 'linear-gradient(160deg, #fffdf9 0%, #f3ede4 100%)',
      }}
    >
      <CheckroomOutlined color="secondary" style={{ fontSize: 36 }} aria-hidden />
      <Typography id="closet-empty-title" variant="h3" component="h2" sx={{ mt: 0.5 }}>
        Nothing here yet
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mx: 'auto', maxWidth: 460 }}>
        Pieces you buy land in your closet. {HINTS[kind]}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1, mt: 2, justifyContent: 'center', alignItems: 'center' }}
      >
        <Button component={RouterLink} to="/home" variant="contained">
          Discover outfits
        </Button>
        {kind === 'outfits' && (
          <Button component={RouterLink} to="/closet/categories" variant="text">
            See your pieces
          </Button>
        )}
      </Stack>
    </Box>
  );
}
