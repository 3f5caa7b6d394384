import { createTheme } from '@mui/material/styles';
import { bodyFont, displayFont, palette } from './palette';

/** MUI's theme, for the pages drawn with MUI's components (web/app/themed.tsx). */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: palette.ink, contrastText: palette.paper },
    secondary: { main: palette.accent, contrastText: '#fff' },
    success: { main: palette.like },
    error: { main: palette.nope },
    background: { default: palette.paper, paper: palette.surface },
    text: { primary: palette.ink, secondary: palette.muted },
    divider: palette.line,
  },
  shape: { borderRadius: 14 },
  typography: {
    fontFamily: bodyFont,
    h1: { fontFamily: displayFont, fontWeight: 400, fontSize: '2.4rem', letterSpacing: '-0.01em' },
    h2: { fontFamily: displayFont, fontWeight: 400, fontSize: '2rem' },
    h3: { fontFamily: displayFont, fontWeight: 400, fontSize: '1.6rem' },
    h4: { fontFamily: displayFont, fontWeight: 400, fontSize: '1.35rem' },
    h5: { fontWeight: 600, fontSize: '1.1rem' },
    h6: { fontWeight: 600, fontSize: '1rem' },
    overline: { letterSpacing: '0.14em', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: '0.01em' },
  },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 999, paddingInline: 20, minHeight: 44 } },
    },
    // A message never scrolls: a long word (an e-mail address on a phone) breaks instead.
    MuiAlert: { styleOverrides: { message: { overflow: 'visible', overflowWrap: 'anywhere' } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiOutlinedInput: { styleOverrides: { root: { backgroundColor: palette.surface } } },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: { root: { border: `1px solid ${palette.line}`, borderRadius: 18 } },
    },
    MuiToggleButton: {
      styleOverrides: {
        root: {
          textTransform: 'none',
          fontWeight: 600,
          borderRadius: 999,
          paddingInline: 18,
          '&.Mui-selected': { backgroundColor: palette.ink, color: palette.paper },
          '&.Mui-selected:hover': { backgroundColor: '#333' },
        },
      },
    },
  },
});
