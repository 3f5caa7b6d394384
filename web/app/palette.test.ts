import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bodyFont, displayFont, palette } from './palette';

// Read as a file: the test runner leaves stylesheets out of what it imports.
const css = readFileSync('web/app/palette.css', 'utf8');
const declared = new Map(
  [...css.matchAll(/--drape-([a-z]+):\s*(#[0-9a-f]{6});/g)].map((m) => [m[1], m[2]]),
);

describe('the palette stylesheet', () => {
  it('declares every colour of the theme, with the theme’s value', () => {
    expect(Object.fromEntries(declared)).toEqual(palette);
  });

  it('declares the theme’s two typefaces', () => {
    expect(css).toContain(`--drape-display-font: ${displayFont};`);
    expect(css).toContain(`--drape-body-font: ${bodyFont};`);
  });
});
