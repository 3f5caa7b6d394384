/**
 * Drape's look: warm ivory paper, near-black ink, a terracotta accent, an editorial serif. Its
 * colours and typefaces are shared by MUI's theme (theme.ts) and the plain stylesheets
 * (palette.css, which a test holds to these values). Free of MUI, for the pages drawn without it.
 */
export const palette = {
  paper: '#faf7f2',
  surface: '#ffffff',
  ink: '#1c1b1f',
  muted: '#6b6660',
  line: '#e7e1d8',
  accent: '#b5522b',
  like: '#2f7d5b',
  nope: '#c0392b',
} as const;

export const displayFont = '"DM Serif Display", Georgia, "Times New Roman", serif';

export const bodyFont =
  '"Inter Variable", "Inter", system-ui, -apple-system, "Segoe UI", sans-serif';
