import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { displayFont, palette } from '../app/theme';

/** Drape's mark: a hanger-like D. */
export function Logo({ size = 56 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      width={size}
      height={size}
      role="img"
      aria-label="Drape logo"
      sx={{ display: 'block' }}
    >
      <rect width="64" height="64" rx="16" fill={palette.ink} />
      <path
        d="M22 14h11c11 0 18 7 18 18s-7 18-18 18H22z"
        fill="none"
        stroke={palette.paper}
        strokeWidth="5"
      />
      <path d="M12 26l10-8v28l-10-8z" fill={palette.accent} />
    </Box>
  );
}

export function Wordmark({ size = '1.6rem' }: { size?: string }) {
  return (
    <Typography
      component="span"
      sx={{ fontFamily: displayFont, fontSize: size, letterSpacing: '0.18em', lineHeight: 1 }}
    >
      DRAPE
    </Typography>
  );
}
