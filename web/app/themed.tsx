import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { theme } from './theme';

/**
 * MUI's theme, around each part of the app drawn with MUI's components: the pages other than the
 * swipe screen, the sign-in forms and the message bar. Each loads this with its own code, so the
 * swipe screen's first download holds none of MUI.
 */
export function Themed({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
