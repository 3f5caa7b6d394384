/**
 * Draws the installed app's icons from Drape's mark (web/components/brand.tsx: the hanger-like D
 * on ink) in the palette's colours, into web/public: the favicon, the manifest's icons at 192 and
 * 512 pixels (as they are, and "maskable": ink to the edges with the mark inside the safe circle
 * that Android's launchers cut out) and the home-screen icon iOS asks for. The PNGs are committed;
 * run `npm run icons` after changing the mark or the palette.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { palette } from '../web/app/palette';

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../web/public');

/** The mark on a 64-unit square, as the logo draws it. */
const MARK = `<path d="M22 14h11c11 0 18 7 18 18s-7 18-18 18H22z" fill="none" stroke="${palette.paper}" stroke-width="5"/><path d="M12 26l10-8v28l-10-8z" fill="${palette.accent}"/>`;

/** The logo: a rounded ink square with the mark. */
export const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="16" fill="${palette.ink}"/>${MARK}</svg>`;

/**
 * Ink to the edges, the mark shrunk about the centre: a launcher may cut the icon to any shape
 * holding the central circle of 80% of its width, and the mark stays well inside it.
 */
export const fullBleedSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${palette.ink}"/><g transform="translate(32 32) scale(0.72) translate(-32 -32)">${MARK}</g></svg>`;

export const ICONS = [
  { file: 'icons/icon-192.png', size: 192, svg: logoSvg },
  { file: 'icons/icon-512.png', size: 512, svg: logoSvg },
  { file: 'icons/icon-maskable-192.png', size: 192, svg: fullBleedSvg },
  { file: 'icons/icon-maskable-512.png', size: 512, svg: fullBleedSvg },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'icons/apple-touch-icon.png', size: 180, svg: fullBleedSvg },
] as const;

/** A square PNG of `svg`, drawn at the size asked (not scaled from a smaller raster). */
export function rasterize(svg: string, size: number): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

export async function drawIcons(dir = PUBLIC_DIR): Promise<string[]> {
  mkdirSync(path.join(dir, 'icons'), { recursive: true });
  writeFileSync(path.join(dir, 'favicon.svg'), `${logoSvg}\n`);
  const written = ['favicon.svg'];
  for (const icon of ICONS) {
    writeFileSync(path.join(dir, icon.file), await rasterize(icon.svg, icon.size));
    written.push(icon.file);
  }
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const written = await drawIcons();
  console.info(`Drew ${written.join(', ')} in ${path.relative(process.cwd(), PUBLIC_DIR)}`);
}
