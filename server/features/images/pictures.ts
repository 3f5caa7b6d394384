/**
 * Flat product illustrations for every garment type, drawn as SVG in the item's own colour.
 *
 * Pictures are generated rather than shipped as files so that any garment × colour combination
 * the catalogue (or an admin) produces has a picture, and so the server can render one on demand
 * from its path. Every document is self-contained: no external references, fonts or scripts.
 * The gradient and filter ids are identical in every picture on purpose, so that several pictures
 * inlined into one page cannot resolve each other's ids to something different.
 */

export { COLOR_SLUG_RE, colorFromSlug } from './palette';

export const GARMENTS = [
  // outerwear
  'trench',
  'overcoat',
  'puffer',
  'denim-jacket',
  'blazer',
  'leather-jacket',
  // tops
  'tee',
  'shirt',
  'blouse',
  'sweater',
  'hoodie',
  'tank',
  // bottoms
  'jeans',
  'trousers',
  'skirt',
  'shorts',
  'joggers',
  // footwear
  'sneaker',
  'boot',
  'loafer',
  'heel',
  'sandal',
  // accessories
  'tote',
  'crossbody',
  'cap',
  'beanie',
  'scarf',
  'sunglasses',
  'belt',
] as const;

export type Garment = (typeof GARMENTS)[number];

const GARMENT_SET: ReadonlySet<string> = new Set(GARMENTS);

export function isGarment(s: string): s is Garment {
  return GARMENT_SET.has(s);
}

const LABELS: Record<Garment, string> = {
  trench: 'Trench coat',
  overcoat: 'Overcoat',
  puffer: 'Puffer jacket',
  'denim-jacket': 'Denim jacket',
  blazer: 'Blazer',
  'leather-jacket': 'Leather jacket',
  tee: 'T-shirt',
  shirt: 'Shirt',
  blouse: 'Blouse',
  sweater: 'Sweater',
  hoodie: 'Hoodie',
  tank: 'Tank top',
  jeans: 'Jeans',
  trousers: 'Trousers',
  skirt: 'Skirt',
  shorts: 'Shorts',
  joggers: 'Joggers',
  sneaker: 'Sneaker',
  boot: 'Boot',
  loafer: 'Loafer',
  heel: 'Heeled pump',
  sandal: 'Sandals',
  tote: 'Tote bag',
  crossbody: 'Crossbody bag',
  cap: 'Cap',
  beanie: 'Beanie',
  scarf: 'Scarf',
  sunglasses: 'Sunglasses',
  belt: 'Belt',
};

// ---------------------------------------------------------------------------------------------
// Colour arithmetic

type Rgb = readonly [number, number, number];

const HEX_RE = /^#[0-9a-f]{6}$/;

function parseHex(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  const part = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

function mix(a: string, b: string, amount: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([
    x[0] + (y[0] - x[0]) * amount,
    x[1] + (y[1] - x[1]) * amount,
    x[2] + (y[2] - x[2]) * amount,
  ]);
}

function luminance(hex: string): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = parseHex(hex);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** Every colour a drawing uses, derived from the item's colour so any hex looks deliberate. */
interface Tone {
  base: string;
  shade: string;
  deep: string;
  light: string;
  /** Silhouette outline: dark enough that white garments still read on the background. */
  line: string;
  /** Seams and folds: darker than the fabric, or lighter on near-black fabric. */
  seam: string;
  stitch: string;
  /** Brass for denim rivets, buckles and zips. */
  brass: string;
  silver: string;
  /** Drawstrings and laces: pale on dark cloth, dark on pale cloth. */
  cord: string;
}

function toneFor(base: string): Tone {
  const lum = luminance(base);
  const dark = lum < 0.06;
  return {
    base,
    shade: mix(base, '#000000', dark ? 0.3 : 0.13),
    deep: mix(base, '#000000', dark ? 0.5 : 0.3),
    light: mix(base, '#ffffff', dark ? 0.12 : 0.25),
    line: lum > 0.45 ? mix(base, '#4a4238', 0.5) : mix(base, '#000000', 0.45),
    seam: dark ? mix(base, '#ffffff', 0.2) : mix(base, '#000000', 0.24),
    stitch: dark ? mix(base, '#ffffff', 0.38) : mix(base, '#000000', 0.34),
    brass: '#c39a4e',
    silver: '#c9ccd0',
    cord: lum > 0.45 ? mix(base, '#000000', 0.35) : mix(base, '#f3efe8', 0.7),
  };
}

// ---------------------------------------------------------------------------------------------
// Markup helpers

function fill(d: string, color: string, extra = ''): string {
  return `<path d="${d}" fill="${color}"${extra ? ` ${extra}` : ''}/>`;
}

function outlined(d: string, color: string, line: string, width = 1.6): string {
  return `<path d="${d}" fill="${color}" stroke="${line}" stroke-width="${width}" stroke-linejoin="round"/>`;
}

function stroke(d: string, color: string, width = 1.2, extra = ''): string {
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra ? ` ${extra}` : ''}/>`;
}

function stitch(d: string, color: string, width = 1): string {
  return stroke(d, color, width, 'stroke-dasharray="3 2.4" opacity="0.9"');
}

function circle(cx: number, cy: number, r: number, color: string, extra = ''): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}"${extra ? ` ${extra}` : ''}/>`;
}

function button(cx: number, cy: number, r: number, color: string, line: string): string {
  return (
    circle(cx, cy, r, color, `stroke="${line}" stroke-width="0.9"`) +
    circle(cx - r * 0.3, cy, r * 0.18, line) +
    circle(cx + r * 0.3, cy, r * 0.18, line)
  );
}

/** The body of a flat-lay garment: fabric, soft light across it, and an outline. */
function cloth(d: string, t: Tone): string {
  return (
    fill(d, t.base) +
    fill(d, 'url(#drape-sheen)') +
    `<path d="${d}" fill="none" stroke="${t.line}" stroke-width="1.6" stroke-linejoin="round"/>`
  );
}

/** Reflects markup about the picture's vertical centre line (x = 120). */
function mirror(markup: string): string {
  return `<g transform="matrix(-1 0 0 1 240 0)">${markup}</g>`;
}

function both(markup: string): string {
  return markup + mirror(markup);
}

function dropShadow(d: string): string {
  return `<path d="${d}" transform="translate(3 6)" fill="#3b3128" opacity="0.16" filter="url(#drape-blur)"/>`;
}

function floorShadow(cx: number, cy: number, rx: number, ry: number): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#3b3128" opacity="0.18" filter="url(#drape-blur)"/>`;
}

function ribs(x0: number, x1: number, y0: number, y1: number, step: number, color: string): string {
  let d = '';
  for (let x = x0 + step / 2; x < x1; x += step) d += `M${x.toFixed(1)} ${y0}V${y1}`;
  return stroke(d, color, 0.9, 'opacity="0.55"');
}

interface Drawing {
  shadow: string;
  art: string;
}

type Draw = (t: Tone) => Drawing;

// ---------------------------------------------------------------------------------------------
// Outerwear

const trench: Draw = (t) => {
  const body =
    'M98 28L62 40Q46 46 42 66L24 218L52 224L66 112L68 156Q64 172 60 184L42 282Q120 292 198 282' +
    'L180 184Q176 172 172 156L174 112L188 224L216 218L198 66Q194 46 178 40L142 28Q120 24 98 28Z';
  const lapel = 'M100 30L84 38L70 62L86 70L78 82L116 134L120 126Z';
  return {
    shadow: dropShadow(body),
    art:
      cloth(body, t) +
      fill('M100 30Q120 38 140 30L120 126Z', t.deep) +
      outlined('M98 40L66 54L70 100L94 94Z', t.base, t.line, 1.1) +
      stitch('M94 45L71 55L74 95', t.stitch) +
      both(
        outlined(lapel, t.base, t.line, 1.2) +
          stitch('M99 35L87 42L76 61', t.stitch) +
          stroke('M70 62L86 70', t.seam, 1) +
          stroke('M64 42Q72 80 66 112', t.seam, 1.1) +
          outlined('M66 44L96 33L98 40L69 51Z', t.base, t.line, 1) +
          button(92, 39, 2.2, t.deep, t.line) +
          outlined('M30 188L57 192L56 202L29 198Z', t.shade, t.line, 1) +
          outlined('M50 190h7v12h-7z', 'none', t.deep, 1.4) +
          stroke('M80 204L94 232', t.seam, 1.6) +
          stitch('M83 202L97 230', t.stitch),
      ) +
      stroke('M120 126V286', t.seam, 1.2) +
      stitch('M125 128V286', t.stitch) +
      [136, 194, 236]
        .map((y) => button(104, y, 3.4, t.deep, t.line) + button(140, y, 3.4, t.deep, t.line))
        .join('') +
      outlined('M67 154L173 154L173 170L67 170Z', t.base, t.line, 1.2) +
      stitch('M68 157.5H172M68 166.5H172', t.stitch) +
      outlined('M112 149h22v26h-22z', 'none', t.deep, 3) +
      stroke('M123 151V173', t.deep, 2) +
      outlined('M134 166L146 166L150 206L140 208Z', t.base, t.line, 1.1) +
      stitch('M60 278Q120 286 180 278', t.stitch),
  };
};

const overcoat: Draw = (t) => {
  const body =
    'M100 30L62 40Q46 46 42 66L26 220L54 226L66 112L64 180L56 280Q120 288 184 280' +
    'L176 180L174 112L186 226L214 220L198 66Q194 46 178 40L140 30Q120 26 100 30Z';
  const lapel = 'M100 32L88 40L80 58L92 64L84 72L120 150L122 140Z';
  return {
    shadow: dropShadow(body),
    art:
      cloth(body, t) +
      fill('M100 32Q120 40 140 32L121 146Z', t.deep) +
      fill('M104 34Q120 42 136 34L120 60Z', mix(t.base, '#f4efe6', 0.7)) +
      both(
        outlined(lapel, t.base, t.line, 1.2) +
          stitch('M98 37L89 43L83 57', t.stitch) +
          stroke('M80 58L92 64', t.seam, 1) +
          stroke('M64 42Q72 80 66 112', t.seam, 1.1) +
          outlined('M72 206L102 204L102 214L72 216Z', t.base, t.line, 1) +
          stitch('M31 196L57 200', t.stitch) +
          [40, 45, 50].map((x) => circle(x, 205 + (x - 40) * 0.15, 1.6, t.deep)).join(''),
      ) +
      outlined('M140 98L160 95L160 100L140 103Z', t.base, t.line, 1) +
      stroke('M121 146L126 282', t.seam, 1.3) +
      [160, 196, 232].map((y) => button(132, y, 3.8, t.deep, t.line)).join('') +
      stitch('M60 274Q120 281 180 274', t.stitch),
  };
};

type Pt = readonly [number, number];

/** One step of an outline: a line to `to`, or a quadratic curve through control point `c`. */
interface Seg {
  to: Pt;
  c?: Pt;
}

const fmt = (n: number) => String(Math.round(n * 10) / 10);
const flip = ([x, y]: Pt): Pt => [240 - x, y];

/**
 * A closed outline symmetric about x = 120, from the left half traced top-centre to
 * bottom-centre; the right half is the same steps mirrored and walked backwards.
 */
function symmetric(start: Pt, left: readonly Seg[]): string {
  const seg = (s: Seg) =>
    s.c
      ? `Q${fmt(s.c[0])} ${fmt(s.c[1])} ${fmt(s.to[0])} ${fmt(s.to[1])}`
      : `L${fmt(s.to[0])} ${fmt(s.to[1])}`;
  let d = `M${fmt(start[0])} ${fmt(start[1])}${left.map(seg).join('')}`;
  for (let i = left.length - 1; i >= 0; i--) {
    const s = left[i];
    const from = i > 0 ? left[i - 1]?.to : start;
    if (!s || !from) continue;
    d += seg({ to: flip(from), c: s.c ? flip(s.c) : undefined });
  }
  return `${d}Z`;
}

/** Quilted edge: each channel between consecutive points bulges outwards by `bulge`. */
function quilted(points: readonly Pt[], bulge: number): Seg[] {
  const segs: Seg[] = [];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (!a || !b) continue;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    // Perpendicular to the edge, pointing left of the direction of travel (outwards here).
    const nx = ((b[1] - a[1]) / len) * bulge;
    const ny = (-(b[0] - a[0]) / len) * bulge;
    segs.push({ to: b, c: [(a[0] + b[0]) / 2 + nx, (a[1] + b[1]) / 2 + ny] });
  }
  return segs;
}

const puffer: Draw = (t) => {
  const ys = [112, 138, 164, 190, 216, 244];
  const sleeve: Pt[] = [
    [48, 62],
    [39, 90],
    [33, 118],
    [29, 146],
    [25, 174],
    [22, 204],
  ];
  const body = symmetric(
    [120, 30],
    [
      { to: [92, 32] },
      { to: [68, 42] },
      { to: [48, 62], c: [54, 48] },
      ...quilted(sleeve, 5),
      { to: [24, 230] },
      { to: [54, 234] },
      { to: [62, 112] },
      ...quilted(
        ys.map((y) => [62, y] as const),
        5,
      ),
      { to: [120, 250], c: [90, 248] },
    ],
  );
  const channels = [60, 86, ...ys.slice(0, -1)].map((y) => `M62 ${y}Q120 ${y + 6} 178 ${y}`);
  const sleeveLines = [90, 118, 146, 174, 204]
    .map((y, i) => `M${39 - i * 4} ${y}L${62 - i * 0.6} ${y + 8}`)
    .join('');
  const highlights = [48, 74, 100, 126, 152, 178, 204, 230]
    .map((y) => `M80 ${y + 2}Q98 ${y} 110 ${y + 3}`)
    .join('');
  return {
    shadow: dropShadow(body),
    art:
      cloth(body, t) +
      stroke(channels.join(''), t.seam, 1.3) +
      both(
        stroke(sleeveLines, t.seam, 1.3) +
          stroke(highlights, t.light, 3.5, 'opacity="0.5"') +
          stroke('M62 58Q68 86 62 112', t.seam, 1.2) +
          outlined('M24 220L54 224L54 234L24 230Z', t.deep, t.line, 1),
      ) +
      outlined('M92 14Q120 10 148 14L150 40Q120 46 90 40Z', t.base, t.line, 1.4) +
      fill('M94 18Q120 14 146 18L146 24Q120 20 94 24Z', t.deep, 'opacity="0.5"') +
      stroke('M121 16V248', t.deep, 4) +
      stroke('M121 16V248', t.silver, 1.4, 'stroke-dasharray="1.6 1.6"') +
      outlined('M118 44h6v12h-6z', t.silver, t.line, 0.8),
  };
};

const denimJacket: Draw = (t) => {
  const body =
    'M98 34L62 46Q48 52 44 70L28 218L56 222L66 116L66 238L174 238L174 116L184 222L212 218' +
    'L196 70Q192 52 178 46L142 34Q120 30 98 34Z';
  const gold = '#c98f3c';
  return {
    shadow: dropShadow(body),
    art:
      cloth(body, t) +
      fill('M98 34Q120 28 142 34L138 42Q120 38 102 42Z', t.deep) +
      both(
        outlined('M100 36L120 56L104 80L82 46Z', t.base, t.line, 1.2) +
          stitch('M99 42L115 57L104 74L88 48', gold) +
          stroke('M62 46Q72 82 66 116', t.seam, 1.1) +
          stitch('M66 88Q92 92 116 86', gold) +
          stroke('M66 84Q92 88 116 82', t.seam, 1) +
          outlined('M74 96L106 96L106 110L90 118L74 110Z', t.base, t.line, 1) +
          stitch('M77 99H103M77 107L90 114L103 107', gold) +
          button(90, 110, 2.8, '#9c6a34', t.line) +
          stroke('M82 118V216', t.seam, 1) +
          stitch('M86 120V216M78 120V216', gold) +
          outlined('M30 196L57 200L56 214L29 210Z', t.base, t.line, 1) +
          stitch('M30 200L56 204', gold) +
          button(48, 208, 2.4, '#9c6a34', t.line) +
          outlined('M66 216L116 216L116 238L66 238Z', t.base, t.line, 1) +
          stitch('M68 220H116M68 234H116', gold) +
          button(74, 227, 2.8, '#9c6a34', t.line),
      ) +
      outlined('M114 56h12v182h-12z', t.base, t.line, 1) +
      stitch('M117 60V236M123 60V236', gold) +
      [70, 132, 168, 204, 228].map((y) => button(120, y, 3.2, '#9c6a34', t.line)).join(''),
  };
};

const blazer: Draw = (t) => {
  const body =
    'M98 36L58 46Q44 50 42 68L28 228L56 232L66 118L66 244Q92 252 114 248L120 236L126 248' +
    'Q148 252 174 244L174 118L184 232L212 228L198 68Q196 50 182 46L142 36Q120 32 98 36Z';
  const lapel = 'M100 38L86 46L80 70L94 74L86 84L120 170L120 150Z';
  return {
    shadow: dropShadow(body),
    art:
      cloth(body, t) +
      fill('M100 38Q120 46 140 38L120 168Z', mix(t.base, '#f6f2ea', 0.75)) +
      fill('M100 38Q120 44 140 38L134 44Q120 50 106 44Z', t.deep) +
      stroke('M120 50V168', t.line, 0.8, 'opacity="0.4"') +
      both(
        outlined(lapel, t.base, t.line, 1.2) +
          stitch('M98 43L88 49L83 68', t.stitch) +
          stroke('M80 70L94 74', t.seam, 1) +
          stroke('M58 46Q70 84 66 118', t.seam, 1.1) +
          outlined('M70 196L104 194L104 206L70 208Z', t.base, t.line, 1) +
          stitch('M32 206L58 210', t.stitch) +
          [44, 49, 54].map((x) => circle(x, 214 + (x - 44) * 0.15, 1.7, t.deep)).join(''),
      ) +
      stroke('M120 170V236', t.line, 1.2) +
      outlined('M138 124L164 120L164 126L138 130Z', t.base, t.line, 1) +
      button(124, 180, 3.8, t.deep, t.line) +
      button(124, 212, 3.8, t.deep, t.line),
  };
};

const leatherJacket: Draw = (t) => {
  const body =
    'M96 34L60 44Q46 50 42 68L28 220L56 224L66 116L64 234L176 234L174 116L184 224L212 220' +
    'L198 68Q194 50 180 44L144 34Q120 30 96 34Z';
  return {
    shadow: dropShadow(body),
    art:
      cloth(body, t) +
      fill('M96 34Q120 28 144 34L140 42Q120 36 100 42Z', t.deep) +
      outlined('M98 36L70 60L82 70L74 84L112 150L122 134L146 58Z', t.base, t.line, 1.2) +
      stroke('M70 60L82 70', t.seam, 1) +
      outlined('M144 36L160 52L170 64L156 72L142 68Z', t.base, t.line, 1.2) +
      stroke('M112 150L148 62', t.deep, 3.5) +
      stroke('M112 150L148 62', t.silver, 1.2, 'stroke-dasharray="1.4 1.4"') +
      stroke('M112 150V232', t.deep, 3.5) +
      stroke('M112 150V232', t.silver, 1.2, 'stroke-dasharray="1.4 1.4"') +
      outlined('M144 60h6v10h-6z', t.silver, t.line, 0.8) +
      circle(80, 76, 2.4, t.silver, `stroke="${t.line}" stroke-width="0.8"`) +
      circle(160, 62, 2.4, t.silver, `stroke="${t.line}" stroke-width="0.8"`) +
      both(
        stroke('M60 44Q72 82 66 116', t.seam, 1.1) +
          stroke('M40 221L44 192', t.deep, 2.5) +
          stroke('M40 221L44 192', t.silver, 1, 'stroke-dasharray="1.4 1.4"') +
          outlined('M42 190h4v7h-4z', t.silver, t.line, 0.6) +
          stroke('M52 78Q56 100 54 130', '#ffffff', 3, 'opacity="0.18"'),
      ) +
      stroke('M76 176L98 150', t.deep, 2.5) +
      stroke('M76 176L98 150', t.silver, 1, 'stroke-dasharray="1.4 1.4"') +
      stroke('M146 118L164 94', t.deep, 2.5) +
      stroke('M146 118L164 94', t.silver, 1, 'stroke-dasharray="1.4 1.4"') +
      outlined('M64 214L176 214L176 232L64 232Z', t.base, t.line, 1.2) +
      stitch('M66 217.5H174M66 228.5H174', t.stitch) +
      outlined('M150 211h16v24h-16z', 'none', t.silver, 2.6) +
      stroke('M80 90Q90 120 96 170', '#ffffff', 4, 'opacity="0.12"'),
  };
};

// ---------------------------------------------------------------------------------------------
// Tops

const tee: Draw = (t) => {
  const body =
    'M97 46L58 58Q50 61 46 67L24 104L50 124L68 108L68 256Q120 262 172 256L172 108L190 124' +
    'L216 104L194 67Q190 61 182 58L143 46C132 50 108 50 97 46Z';
  return {
    shadow: dropShadow(body),
    art:
      cloth(body, t) +
      fill('M97 46C108 50 132 50 143 46C136 64 104 64 97 46Z', t.deep) +
      stroke('M98 48C105 64 135 64 142 48', t.shade, 5) +
      stitch('M101 53C110 64 130 64 139 53', t.stitch, 0.9) +
      both(
        stroke('M60 58Q70 84 68 108', t.seam, 1) +
          stitch('M28.3 98.5L54.3 118.5', t.stitch) +
          stroke('M92 140Q100 180 96 230', t.seam, 1, 'opacity="0.25"'),
      ) +
      stitch('M70 249Q120 255 170 249', t.stitch),
  };
};

const shirt: Draw = (t) => {
  const body =
    'M100 42L64 56Q50 62 46 80L30 196L58 200L68 116L68 246Q94 262 120 262Q146 262 172 246' +
    'L172 116L182 200L210 196L194 80Q190 62 176 56L140 42Q120 38 100 42Z';
  return {
    shadow: dropShadow(body),
    art:
      cloth(body, t) +
      fill('M100 42Q120 36 140 42L138 50Q120 46 102 50Z', t.deep) +
      outlined('M114 58h12v198h-12z', t.base, t.line, 0.8) +
      both(
        outlined('M101 44L120 60L106 84L93 52Z', t.base, t.line, 1.2) +
          stitch('M101 50L115 61L106 78', t.stitch) +
          stroke('M64 56Q72 86 68 116', t.seam, 1) +
          outlined('M32 180L59 184L58 200L30 196Z', t.shade, t.line, 1) +
          button(52, 192, 2, t.light, t.line) +
          stroke('M50 132Q46 156 42 176', t.seam, 1, 'opacity="0.35"'),
      ) +
      stitch('M80 96H104V120L92 126L80 120Z', t.stitch) +
      stitch('M72 240Q95 254 120 254Q145 254 168 240', t.stitch) +
      [96, 126, 156, 186, 216, 244].map((y) => button(120, y, 2.8, t.light, t.line)).join(''),
  };
};

const blouse: Draw = (t) => {
  const body =
    'M98 44Q120 40 142 44L166 54Q202 58 210 92Q216 120 200 136L182 142L176 128Q180 190 188 254' +
    'Q120 266 52 254Q60 190 64 128L58 142L40 136Q24 120 30 92Q38 58 74 54Z';
  return {
    shadow: dropShadow(body),
    art:
      cloth(body, t) +
      fill('M98 44Q120 40 142 44Q132 60 120 92Q108 60 98 44Z', t.deep) +
      stroke('M98 46Q108 62 120 92Q132 62 142 46', t.shade, 4) +
      both(
        stroke('M72 56Q80 90 64 128', t.seam, 1) +
          stroke('M40 136L58 142', t.deep, 5) +
          stroke('M54 70L58 78M46 76L52 82M62 64L64 72', t.seam, 1, 'opacity="0.6"') +
          stroke('M36 128L40 124M44 132L46 126M52 136L54 129', t.seam, 1, 'opacity="0.6"') +
          stroke('M96 120Q92 180 80 248', t.seam, 1, 'opacity="0.3"') +
          stroke('M106 130Q108 190 104 254', t.seam, 1, 'opacity="0.2"'),
      ) +
      outlined('M119 96Q108 124 100 150Q106 153 112 150Q116 124 121 98Z', t.shade, t.line, 1.1) +
      outlined('M121 96Q134 122 142 146Q136 150 130 148Q124 122 119 98Z', t.base, t.line, 1.1) +
      outlined('M118 94Q104 80 94 84Q88 92 96 100Q106 104 118 98Z', t.base, t.line, 1.1) +
      outlined('M122 94Q136 80 146 84Q152 92 144 100Q134 104 122 98Z', t.base, t.line, 1.1) +
      stroke('M112 92Q104 88 98 90M128 92Q136 88 142 90', t.seam, 1, 'opacity="0.6"') +
      outlined('M115 89Q120 87 125 89L125 99Q120 101 115 99Z', t.shade, t.line, 1) +
      stitch('M56 248Q120 258 184 248', t.stitch),
  };
};

function cable(x: number, y0: number, y1: number, color: string): string {
  let d = '';
  for (let y = y0; y < y1; y += 16) {
    d += `M${x - 6} ${y}C${x - 6} ${y + 8} ${x + 6} ${y + 8} ${x + 6} ${y + 16}`;
    d += `M${x + 6} ${y}C${x + 6} ${y + 6} ${x + 2} ${y + 7} ${x + 1} ${y + 7.5}`;
    d += `M${x - 1} ${y + 8.5}C${x - 2} ${y + 9} ${x - 6} ${y + 10} ${x - 6} ${y + 16}`;
  }
  return stroke(d, color, 1.4, 'opacity="0.75"');
}

const sweater: Draw = (t) => {
  const body =
    'M96 44Q120 40 144 44L184 56Q198 60 202 76L218 200Q219 214 210 216L192 218Q184 218 184 208' +
    'L176 120L176 248Q176 258 166 258L74 258Q64 258 64 248L64 120L56 208Q56 218 48 218L30 216' +
    'Q21 214 22 200L38 76Q42 60 56 56Z';
  return {
    shadow: dropShadow(body),
    art:
      cloth(body, t) +
      fill('M96 44Q120 40 144 44C138 62 102 62 96 44Z', t.deep) +
      stroke('M97 47C102 66 138 66 143 47', t.shade, 7) +
      stroke(
        'M97 47C102 66 138 66 143 47',
        t.seam,
        0.8,
        'stroke-dasharray="0.8 2.4" opacity="0.7"',
      ) +
      fill('M64 236H176V248Q176 258 166 258L74 258Q64 258 64 248Z', t.shade) +
      ribs(64, 176, 237, 257, 4, t.seam) +
      both(
        stroke('M62 62Q70 88 64 120', t.seam, 1) +
          fill('M23 196L56 199L56 208Q56 218 48 218L30 216Q21 214 22 200Z', t.shade) +
          stroke(
            'M26 199V215M31 199.5V216M36 200V216.5M41 200.5V217M46 201V217.5M51 201V217',
            t.seam,
            0.9,
            'opacity="0.55"',
          ) +
          cable(92, 72, 232, t.seam) +
          ribs(98, 112, 70, 234, 5, t.seam),
      ) +
      cable(120, 70, 232, t.seam),
  };
};

const hoodie: Draw = (t) => {
  const body =
    'M94 50L56 60Q42 64 38 80L22 200Q21 214 30 216L48 218Q56 218 56 208L64 124L64 248' +
    'Q64 258 74 258L166 258Q176 258 176 248L176 124L184 208Q184 218 192 218L210 216Q219 214 218 200' +
    'L202 80Q198 64 184 60L146 50Z';
  const hood = 'M84 62Q80 24 120 18Q160 24 156 62Q140 70 120 70Q100 70 84 62Z';
  return {
    shadow: dropShadow(body) + dropShadow(hood),
    art:
      cloth(body, t) +
      outlined(hood, t.shade, t.line, 1.6) +
      fill('M94 58Q94 32 120 28Q146 32 146 58Q134 66 120 66Q106 66 94 58Z', t.deep) +
      stroke('M94 60Q120 70 146 60', t.base, 5) +
      stroke('M112 66Q110 94 108 114M128 66Q130 94 132 116', t.cord, 2.4) +
      fill('M105 112h6v8h-6zM129 114h6v8h-6z', t.silver) +
      fill('M64 236H176V248Q176 258 166 258L74 258Q64 258 64 248Z', t.shade) +
      ribs(64, 176, 237, 257, 4, t.seam) +
      outlined('M80 176L160 176Q168 204 170 234L70 234Q72 204 80 176Z', t.base, t.line, 1.1) +
      stitch('M84 180L156 180', t.stitch) +
      stroke('M80 178Q92 206 78 232M160 178Q148 206 162 232', t.line, 1.2) +
      both(
        stroke('M60 62Q70 92 64 124', t.seam, 1) +
          fill('M23 196L56 199L56 208Q56 218 48 218L30 216Q21 214 22 200Z', t.shade) +
          ribs(22, 56, 199, 216, 4, t.seam),
      ),
  };
};

const tank: Draw = (t) => {
  const body =
    'M86 38L102 38Q104 82 120 84Q136 82 138 38L154 38Q156 92 180 112Q172 180 178 256' +
    'Q120 264 62 256Q68 180 60 112Q84 92 86 38Z';
  return {
    shadow: dropShadow(body),
    art:
      cloth(body, t) +
      fill('M102 38Q104 82 120 84Q136 82 138 38Q136 60 120 62Q104 60 102 38Z', t.deep) +
      stroke('M103 40Q106 80 120 81Q134 80 137 40', t.shade, 3) +
      both(
        stroke('M88 40Q88 92 63 111', t.shade, 3) +
          stitch('M91 42Q91 96 66 115', t.stitch, 0.8) +
          ribs(70, 116, 120, 252, 6, t.seam),
      ) +
      ribs(116, 124, 92, 252, 6, t.seam) +
      stitch('M65 250Q120 257 175 250', t.stitch),
  };
};

// ---------------------------------------------------------------------------------------------
// Bottoms

const jeans: Draw = (t) => {
  const body =
    'M72 30L168 30L172 60Q178 100 180 140L186 268L130 268L122 132Q120 126 118 132L110 268L54 268' +
    'L60 140Q62 100 68 60Z';
  const gold = '#c98f3c';
  const copper = '#a8733c';
  return {
    shadow: dropShadow(body),
    art:
      cloth(body, t) +
      both(
        fill('M78 112Q86 100 98 100Q92 140 94 180Q80 160 78 112Z', t.light, 'opacity="0.22"') +
          fill('M110 268L118 134L114 150L100 268Z', t.shade, 'opacity="0.7"') +
          stitch('M98 44Q94 74 66 82', gold) +
          stroke('M100 44Q96 76 66 84', t.seam, 1.1) +
          stitch('M58 258L110 258', gold) +
          stitch('M57 263L110 263', gold) +
          stroke('M82 100Q90 104 100 100M80 108Q90 113 100 108', t.light, 1.2, 'opacity="0.6"') +
          outlined('M79 28h6v19h-6z', t.base, t.line, 0.9) +
          circle(67, 84, 1.8, copper) +
          circle(99, 46, 1.8, copper),
      ) +
      outlined('M72 30L168 30L169 45L71 45Z', t.base, t.line, 1.2) +
      stitch('M73 33.5H167M73 41.5H167', gold) +
      outlined('M111 28h6v19h-6z', t.base, t.line, 0.9) +
      stitch('M124 45V96Q124 106 116 110', gold) +
      stroke('M120 45V128', t.seam, 1.1) +
      stitch('M148 52L164 52L165 66L150 68Z', gold) +
      circle(130, 37.5, 4, copper, `stroke="${t.line}" stroke-width="0.8"`),
  };
};

const trousers: Draw = (t) => {
  const body =
    'M74 34L166 34L170 64Q176 110 174 160L172 270L128 270L122 134Q120 128 118 134L112 270L68 270' +
    'L66 160Q64 110 70 64Z';
  return {
    shadow: dropShadow(body),
    art:
      cloth(body, t) +
      both(
        stroke('M98 48L72 90', t.seam, 1.3) +
          stroke('M100 49L104 80', t.seam, 1, 'opacity="0.7"') +
          stroke('M92 84L90 268', t.light, 1.6, 'opacity="0.7"') +
          stroke('M94 84L92 268', t.seam, 0.9, 'opacity="0.5"') +
          fill('M112 270L118 136L115 150L106 270Z', t.shade, 'opacity="0.6"') +
          outlined('M84 32h5v19h-5z', t.base, t.line, 0.9),
      ) +
      outlined('M74 34L166 34L167 49L73 49Z', t.base, t.line, 1.2) +
      stitch('M75 37.5H165', t.stitch) +
      outlined('M116 38h18v8h-18z', t.shade, t.line, 0.8) +
      button(129, 42, 2.4, t.deep, t.line) +
      stitch('M125 49V100Q125 110 118 114', t.stitch) +
      stroke('M120 49V130', t.seam, 1.1),
  };
};

const skirt: Draw = (t) => {
  const body =
    'M84 42L156 42L158 58Q194 160 206 254Q184 262 163 258Q142 266 120 262Q98 266 77 258' +
    'Q56 262 34 254Q46 160 82 58Z';
  const folds = [
    ['M102 60Q94 160 80 256', 'M108 60Q102 160 94 262'],
    ['M120 60Q120 160 118 262', 'M126 60Q130 160 136 262'],
    ['M138 60Q146 160 158 258', 'M144 60Q156 160 176 256'],
  ] as const;
  const foldShapes = folds
    .map(
      ([a, b]) =>
        stroke(a, t.seam, 1.2, 'opacity="0.45"') + stroke(b, t.light, 2, 'opacity="0.35"'),
    )
    .join('');
  return {
    shadow: dropShadow(body),
    art:
      cloth(body, t) +
      fill('M84 58Q72 160 44 252Q40 253 34 254Q46 160 82 58Z', t.shade, 'opacity="0.6"') +
      fill('M156 58Q168 160 196 256Q201 255 206 254Q194 160 158 58Z', t.shade, 'opacity="0.6"') +
      foldShapes +
      outlined('M84 42L156 42L157 58L83 58Z', t.base, t.line, 1.2) +
      stitch('M85 45.5H155M85 54.5H155', t.stitch) +
      stitch('M38 248Q56 255 77 252Q98 259 120 256Q142 259 163 252Q184 255 202 248', t.stitch),
  };
};

const shorts: Draw = (t) => {
  const body =
    'M66 64L174 64L178 92Q186 140 194 204L130 214L122 152Q120 146 118 152L110 214L46 204' +
    'Q54 140 62 92Z';
  return {
    shadow: dropShadow(body),
    art:
      cloth(body, t) +
      both(
        stroke('M94 80L66 116', t.seam, 1.3) +
          stitch('M97 81L70 117', t.stitch) +
          outlined('M47.5 190L111.5 199.5L110 214L46 204Z', t.base, t.line, 1.1) +
          stroke('M48 197L111 206.5', t.seam, 0.9, 'opacity="0.6"') +
          fill('M110 200L118 154L114 166L104 199Z', t.shade, 'opacity="0.6"') +
          outlined('M82 62h5v19h-5z', t.base, t.line, 0.9) +
          stroke('M78 140Q88 150 92 170', t.seam, 1, 'opacity="0.3"'),
      ) +
      outlined('M66 64L174 64L175 80L65 80Z', t.base, t.line, 1.2) +
      stitch('M67 67.5H173M67 76.5H173', t.stitch) +
      button(128, 72, 3, t.deep, t.line) +
      stitch('M125 80V116Q125 124 118 128', t.stitch) +
      stroke('M120 80V146', t.seam, 1.1) +
      outlined('M140 108L162 106L162 112L140 114Z', t.base, t.line, 0.9),
  };
};

const joggers: Draw = (t) => {
  const body =
    'M70 32L170 32L172 56Q180 100 176 150L162 248L166 270L130 270L128 248L122 134Q120 128 118 134' +
    'L112 248L110 270L74 270L78 248L64 150Q60 100 68 56Z';
  let gathers = '';
  for (let x = 74; x < 168; x += 5) gathers += `M${x} 35Q${x + 1.5} 44 ${x} 53`;
  return {
    shadow: dropShadow(body),
    art:
      cloth(body, t) +
      outlined('M70 32L170 32L172 56L68 56Z', t.shade, t.line, 1.2) +
      stroke(gathers, t.seam, 0.9, 'opacity="0.6"') +
      stroke('M116 50Q112 70 110 88M124 50Q128 72 132 90', t.cord, 2.4) +
      fill('M107.5 86h5v8h-5zM129.5 88h5v8h-5z', t.silver) +
      circle(116, 50, 2, t.silver) +
      circle(124, 50, 2, t.silver) +
      both(
        stroke('M74 62Q88 84 70 112', t.seam, 1.3) +
          outlined('M78 248L112 248L110 270L74 270Z', t.shade, t.line, 1.1) +
          ribs(74, 112, 250, 269, 4, t.seam) +
          stroke(
            'M82 218Q94 222 106 216M84 230Q96 234 108 228M80 204Q90 208 100 204',
            t.seam,
            1,
            'opacity="0.45"',
          ) +
          fill('M112 248L118 136L114 150L102 248Z', t.shade, 'opacity="0.5"') +
          stroke('M66 150L76 246', t.seam, 0.9, 'opacity="0.4"'),
      ),
  };
};

// ---------------------------------------------------------------------------------------------
// Footwear (side views, toe to the right)

const SOLE = '#f3f0ea';
const SOLE_LINE = '#b7afa3';

const sneaker: Draw = (t) => {
  const upper =
    'M32 202Q24 178 30 158Q34 150 44 151Q60 156 76 160Q78 140 86 136Q94 134 98 140L102 146' +
    'Q140 154 174 168Q206 180 218 202Z';
  const lace = t.cord;
  let laces = '';
  let eyelets = '';
  for (let i = 0; i < 5; i++) {
    const x = 104 + i * 12.5;
    const y = 158 + i * 5.2;
    laces += `M${x - 2} ${y}L${x + 6} ${y - 10}`;
    eyelets += circle(x - 2, y + 1, 1.7, t.deep, `stroke="${t.silver}" stroke-width="0.8"`);
  }
  return {
    shadow: floorShadow(122, 222, 102, 8),
    art:
      outlined(upper, t.base, t.line) +
      fill(upper, 'url(#drape-sheen-v)') +
      fill('M32 156Q48 150 76 161L76 166Q52 160 33 163Z', t.deep) +
      outlined('M76 160Q78 140 86 136Q94 134 98 140L102 146Q94 158 76 160Z', t.shade, t.line, 1.1) +
      outlined('M88 162Q128 150 172 170L176 182Q128 166 92 174Z', t.shade, t.line, 1) +
      eyelets +
      stroke(laces, t.line, 3.8) +
      stroke(laces, lace, 2.4) +
      stroke('M96 152Q86 160 84 170M96 152Q92 164 96 172', lace, 1.8) +
      outlined('M26 170Q30 160 42 161L44 202L32 202Q24 186 26 170Z', t.deep, t.line, 1.1) +
      stroke('M178 202Q176 186 190 177', t.line, 1.1) +
      stitch('M184 200Q182 188 194 180', t.stitch) +
      stitch('M48 192Q120 186 206 196', t.stitch) +
      outlined(
        'M20 206Q18 221 30 222L208 222Q224 221 224 208Q224 200 214 199L28 199Q20 200 20 206Z',
        SOLE,
        SOLE_LINE,
        1.4,
      ) +
      fill('M21 214Q23 222 30 222L208 222Q221 221 223 214Z', '#ddd6ca') +
      stitch('M28 204.5L214 204.5', SOLE_LINE),
  };
};

const boot: Draw = (t) => {
  const upper =
    'M56 92Q54 118 58 146Q62 178 44 206L44 236L210 236Q228 232 220 214Q212 200 186 194' +
    'Q148 186 128 164Q118 150 118 126L116 92Q86 88 56 92Z';
  return {
    shadow: floorShadow(128, 254, 98, 9),
    art:
      outlined('M58 94Q54 70 64 68Q74 68 74 92', 'none', t.deep, 5) +
      outlined(upper, t.base, t.line) +
      fill(upper, 'url(#drape-sheen-v)') +
      fill('M58 94Q86 90 116 94L116 101Q86 97 58 102Z', t.deep, 'opacity="0.6"') +
      outlined('M74 93L104 92Q102 118 89 154Q77 118 74 93Z', t.deep, t.line, 1.1) +
      stroke(
        'M79 95L84 122M84 94L87 136M89 94L89 146M94 94L91 140M99 94L93 124',
        t.shade,
        1,
        'opacity="0.8"',
      ) +
      stroke('M48 210Q70 198 120 206Q150 214 162 236', t.seam, 1, 'opacity="0.35"') +
      stitch('M48 228Q130 226 212 230', t.stitch) +
      stroke('M134 174Q158 190 190 198', '#ffffff', 2.5, 'opacity="0.22"') +
      outlined('M38 234L214 234Q226 236 222 244L92 246L90 256L40 256Z', '#2b2420', '#16110e', 1.2) +
      stroke('M42 246H90', '#4a3f38', 1.2),
  };
};

const loafer: Draw = (t) => {
  const upper =
    'M36 214Q28 190 34 170Q38 164 48 165Q74 172 96 174Q104 160 122 156Q172 152 202 184' +
    'Q216 198 218 214Z';
  return {
    shadow: floorShadow(124, 232, 98, 8),
    art:
      outlined(upper, t.base, t.line) +
      fill(upper, 'url(#drape-sheen-v)') +
      fill('M36 168Q44 164 50 166Q76 173 96 175L95 179Q70 180 38 175Z', t.deep) +
      stroke('M46 168Q40 190 44 212', t.seam, 1, 'opacity="0.5"') +
      stroke('M146 157Q186 162 204 190Q210 202 212 212', t.line, 1.4) +
      stitch('M146 163Q182 168 198 193Q204 203 206 212', t.stitch) +
      outlined('M100 176Q118 160 144 156L148 170Q124 174 104 188Z', t.shade, t.line, 1.1) +
      `<ellipse cx="124" cy="167" rx="6.5" ry="2.4" transform="rotate(-18 124 167)" fill="${t.deep}"/>` +
      stroke('M102 184Q98 200 104 212', t.seam, 1, 'opacity="0.5"') +
      stitch('M40 208Q120 205 212 208', t.stitch) +
      stroke('M150 176Q176 180 194 196', '#ffffff', 2.5, 'opacity="0.2"') +
      outlined(
        'M30 212L218 212Q224 216 220 222L82 224L80 232L34 232Q30 222 30 212Z',
        mix(t.deep, '#2b2420', 0.6),
        '#16110e',
        1.2,
      ) +
      stroke('M34 223H80', '#4a3f38', 1.1),
  };
};

const heel: Draw = (t) => {
  const shoe =
    'M34 110Q30 130 40 150Q80 170 116 200Q150 226 212 226Q224 224 220 216Q196 196 156 184' +
    'Q132 180 118 176Q84 160 56 118Q48 108 34 110Z';
  return {
    shadow: floorShadow(130, 236, 96, 7),
    art:
      outlined('M40 148L56 152Q52 192 52 234L46 236Q42 190 40 148Z', t.shade, t.line, 1.2) +
      fill('M46 230L52 230L52 236L46 236Z', '#1d1a18') +
      outlined(shoe, t.base, t.line) +
      fill(shoe, 'url(#drape-sheen-v)') +
      fill(
        'M36 114Q48 112 54 120Q84 160 116 174Q84 166 56 132Q44 120 36 120Z',
        mix(t.deep, '#c9a27a', 0.35),
      ) +
      stroke('M44 152Q90 178 118 204Q150 228 212 226', '#1d1a18', 1.6) +
      stroke('M122 186Q160 192 196 204', '#ffffff', 2.5, 'opacity="0.25"'),
  };
};

function sandalOne(t: Tone): string {
  const bed =
    'M158 52Q186 54 190 100Q192 140 182 180Q178 210 184 240Q184 270 158 270Q132 270 132 240' +
    'Q138 210 134 180Q126 130 128 100Q132 56 158 52Z';
  const insole = mix('#d8c09a', t.base, 0.12);
  return (
    outlined(bed, mix(t.deep, '#3a2e26', 0.4), t.line, 1.2) +
    `<path d="${bed}" fill="${insole}" transform="translate(158 160) scale(0.94 0.965) translate(-158 -160)"/>` +
    outlined('M128 92Q158 80 190 92L190 112Q158 100 128 112Z', t.base, t.line, 1.2) +
    stitch('M130 96Q158 86 188 96M130 108Q158 98 188 108', t.stitch) +
    outlined('M132 146L186 128L188 140L136 160Z', t.base, t.line, 1.1) +
    outlined('M130 130L182 154L180 166L132 144Z', t.base, t.line, 1.1) +
    outlined('M132 226Q158 218 186 226L186 238Q158 230 132 238Z', t.base, t.line, 1.1) +
    outlined('M178 222h10v18h-10z', 'none', t.brass, 2.2)
  );
}

const sandal: Draw = (t) => ({
  shadow: floorShadow(158, 166, 30, 110) + floorShadow(82, 166, 30, 110),
  art: both(sandalOne(t)),
});

// ---------------------------------------------------------------------------------------------
// Accessories

const tote: Draw = (t) => {
  const bag = 'M50 112L190 112L206 262Q206 272 196 272L44 272Q34 272 34 262Z';
  const handle = t.deep;
  return {
    shadow: floorShadow(120, 274, 92, 8) + dropShadow(bag),
    art:
      stroke('M88 114Q88 38 120 38Q152 38 152 114', mix(handle, '#000000', 0.2), 9) +
      cloth(bag, t) +
      fill('M50 112L190 112L191 128L49 128Z', t.shade) +
      stitch('M50 124L190 124', t.stitch) +
      stroke('M80 118Q80 52 120 52Q160 52 160 118', handle, 10) +
      stroke(
        'M80 118Q80 52 120 52Q160 52 160 118',
        mix(handle, '#ffffff', 0.2),
        1,
        'stroke-dasharray="3 2.4"',
      ) +
      both(
        outlined('M72 116h16v28h-16z', handle, t.line, 1) +
          circle(80, 122, 2, t.brass) +
          circle(80, 136, 2, t.brass) +
          stroke('M54 140L42 262', t.seam, 1, 'opacity="0.5"'),
      ) +
      outlined('M104 176h32v20h-32z', t.deep, t.line, 1) +
      stitch('M107 179h26v14h-26z', t.stitch) +
      stitch('M40 264L200 264', t.stitch),
  };
};

const crossbody: Draw = (t) => {
  const bag =
    'M62 162Q62 150 74 150L166 150Q178 150 178 162L180 236Q180 248 168 248L72 248Q60 248 60 236Z';
  return {
    shadow: floorShadow(120, 250, 68, 7) + dropShadow(bag),
    art:
      stroke('M68 156Q56 36 120 30Q184 36 172 156', t.deep, 6) +
      stroke('M68 156Q56 36 120 30Q184 36 172 156', t.stitch, 0.8, 'stroke-dasharray="3 2.4"') +
      cloth(bag, t) +
      fill(
        'M62 162Q62 150 74 150L166 150Q178 150 178 162L178 206Q120 226 62 206Z',
        t.shade,
        'opacity="0.35"',
      ) +
      `<path d="M62 162Q62 150 74 150L166 150Q178 150 178 162L178 206Q120 226 62 206Z" fill="none" stroke="${t.line}" stroke-width="1.4"/>` +
      stitch('M66 162Q66 155 74 155L166 155Q174 155 174 162L174 203Q120 222 66 203Z', t.stitch) +
      outlined('M110 204h20v14h-20z', t.brass, '#8d6d32', 1.2) +
      outlined('M116 207h8v8h-8z', '#e3c27f', '#8d6d32', 0.8) +
      both(outlined('M62 148h10v12h-10z', 'none', t.brass, 2.4)),
  };
};

const cap: Draw = (t) => {
  const crown = 'M28 190Q22 120 84 98Q146 80 176 136Q184 156 184 182Q130 196 28 190Z';
  return {
    shadow: floorShadow(124, 214, 100, 9),
    art:
      outlined('M140 180Q190 164 230 190Q234 200 222 204Q186 210 150 200Z', t.base, t.line, 1.4) +
      fill('M150 200Q186 210 222 204Q224 210 214 212Q180 218 148 206Z', t.deep) +
      stitch('M176 176Q206 176 226 192M180 183Q206 184 228 197', t.stitch) +
      outlined('M30 186Q28 198 40 198L54 196L54 186Z', t.deep, t.line, 1) +
      outlined(crown, t.base, t.line) +
      fill(crown, 'url(#drape-sheen)') +
      stroke('M96 94Q90 140 96 192', t.seam, 1.1) +
      stitch('M101 95Q96 140 101 191', t.stitch) +
      stroke('M96 94Q140 104 162 186', t.seam, 1.1) +
      stitch('M101 96Q142 108 166 185', t.stitch) +
      stroke('M92 96Q50 118 40 190', t.seam, 1.1, 'opacity="0.7"') +
      circle(64, 128, 3.2, t.shade, `stroke="${t.stitch}" stroke-width="1.2"`) +
      circle(132, 124, 3.2, t.shade, `stroke="${t.stitch}" stroke-width="1.2"`) +
      `<ellipse cx="96" cy="94" rx="7" ry="3.5" fill="${t.base}" stroke="${t.line}" stroke-width="1.2"/>` +
      outlined('M28 186Q100 196 184 178L184 188Q100 204 30 196Z', t.shade, t.line, 1),
  };
};

const beanie: Draw = (t) => {
  const dome = 'M58 190Q54 78 120 70Q186 78 182 190Z';
  let ribLines = '';
  for (let x = 66; x <= 174; x += 8) {
    const top = 120 + (x - 120) * 0.35;
    ribLines += `M${x} 186Q${(x + 120) / 2 + (x - 120) * 0.35} ${100 - Math.abs(x - 120) * 0.1} ${top.toFixed(1)} 76`;
  }
  return {
    shadow: dropShadow(`${dome}M50 176h140v62h-140z`),
    art:
      outlined(dome, t.base, t.line) +
      fill(dome, 'url(#drape-sheen)') +
      stroke(ribLines, t.seam, 1, 'opacity="0.5"') +
      outlined(
        'M50 182Q50 174 60 174L180 174Q190 174 190 182L190 230Q190 238 180 238L60 238Q50 238 50 230Z',
        t.shade,
        t.line,
        1.4,
      ) +
      ribs(50, 190, 178, 236, 5, t.seam) +
      outlined('M108 194h24v18h-24z', mix(t.base, '#f4efe6', 0.6), t.line, 0.9) +
      stroke('M112 200h16M114 205h12', t.deep, 1.2, 'opacity="0.6"'),
  };
};

const scarf: Draw = (t) => {
  const front = 'M80 56Q80 44 94 44L142 44Q150 44 150 56L156 248L76 252Z';
  const back = 'M142 44Q160 44 160 58L172 214L152 218L148 56Z';
  let fringe = '';
  for (let x = 78; x <= 154; x += 3.6)
    fringe += `M${x.toFixed(1)} ${252 - (x - 76) * 0.05}l${((x - 116) * 0.02).toFixed(2)} 16`;
  let fringeBack = '';
  for (let x = 154; x <= 171; x += 3.6) fringeBack += `M${x.toFixed(1)} 216l1 12`;
  const bands = 'M77 224L155 220L155.5 228L76.8 232ZM77.2 236L155.7 232L155.8 236L77 240Z';
  return {
    shadow: dropShadow(front + back),
    art:
      outlined('M34 48h172v9h-172z', '#b08d5b', '#8a6c42', 1) +
      fill('M36 49h168v2h-168z', '#ffffff', 'opacity="0.3"') +
      circle(34, 52.5, 6, '#8a6c42') +
      circle(206, 52.5, 6, '#8a6c42') +
      stroke(fringeBack, t.deep, 1.4) +
      outlined(back, t.shade, t.line, 1.4) +
      fill('M153.5 190L171 188L171.6 196L154 198Z', t.deep, 'opacity="0.6"') +
      stroke(fringe, t.base, 1.6) +
      stroke(fringe, t.line, 0.4, 'opacity="0.6"') +
      cloth(front, t) +
      fill(bands, t.deep, 'opacity="0.55"') +
      stroke('M100 60Q96 150 98 248M128 60Q134 150 136 248', t.seam, 1, 'opacity="0.3"') +
      stroke('M112 62Q114 150 116 248', t.light, 3, 'opacity="0.35"') +
      fill(
        'M80 56Q80 44 94 44L142 44Q150 44 150 56L150 62Q115 54 80 62Z',
        t.deep,
        'opacity="0.25"',
      ),
  };
};

const sunglasses: Draw = (t) => {
  const rim =
    'M28 132Q28 118 42 118L104 120Q114 121 112 134L106 170Q102 190 82 190L54 190Q36 190 33 172Z';
  const lens =
    'M36 134Q36 126 44 126L100 128Q106 129 104 136L99 168Q96 182 82 182L56 182Q42 182 40 168Z';
  return {
    shadow: floorShadow(120, 214, 92, 7),
    art:
      both(
        stroke('M28 128L14 136', t.deep, 5) +
          outlined(rim, t.base, t.line, 1.4) +
          fill(lens, '#2e2a27') +
          fill(lens, 'url(#drape-lens)') +
          fill('M50 128L66 128L46 180L40 168Z', '#ffffff', 'opacity="0.14"') +
          stroke('M32 124L58 122', t.light, 2, 'opacity="0.6"') +
          circle(32, 128, 1.8, t.silver),
      ) +
      stroke('M110 132Q120 122 130 132', t.base, 7) +
      stroke('M110 132Q120 122 130 132', t.line, 1, 'opacity="0.6"'),
  };
};

/** A point on the front of the coiled belt: angle from the right, height 0 (top) to 1. */
function beltPoint(theta: number, v: number): Pt {
  return [120 + 88 * Math.cos(theta), 150 + 26 * v + 40 * Math.sin(theta)];
}

/** The strip of belt between two angles, inset from the edges, as a closed outline. */
function beltStrip(from: number, to: number, inset: number, steps = 12): string {
  const top: Pt[] = [];
  const bottom: Pt[] = [];
  for (let i = 0; i <= steps; i++) {
    const theta = from + ((to - from) * i) / steps;
    top.push(beltPoint(theta, inset));
    bottom.push(beltPoint(theta, 1 - inset));
  }
  const pts = [...top, ...bottom.reverse()];
  return `M${pts.map(([x, y]) => `${fmt(x)} ${fmt(y)}`).join('L')}Z`;
}

const belt: Draw = (t) => {
  const back = 'M32 150A88 40 0 0 1 208 150L208 176A88 40 0 0 0 32 176Z';
  const front = 'M32 150A88 40 0 0 0 208 150L208 176A88 40 0 0 1 32 176Z';
  // The tail runs from the buckle towards the right and ends in a rounded tip.
  const tailStart = Math.acos(14 / 88);
  const tailEnd = Math.acos(58 / 88);
  const tip = beltPoint(tailEnd, 0.5);
  const tail = beltStrip(tailStart, tailEnd, 0.08);
  const holes = [0.5, 0.66, 0.82]
    .map((f) => beltPoint(tailStart + (tailEnd - tailStart) * f, 0.5))
    .map(([x, y]) => circle(Number(fmt(x)), Number(fmt(y)), 1.8, t.deep))
    .join('');
  return {
    shadow: floorShadow(120, 214, 96, 12),
    art:
      outlined(back, t.deep, t.line, 1.4) +
      stitch('M36 156A84 36 0 0 1 204 156', t.shade) +
      outlined(front, t.base, t.line, 1.4) +
      fill(front, 'url(#drape-sheen)') +
      stitch('M34 154A86 38 0 0 0 206 154', t.stitch) +
      stitch('M34 172A86 38 0 0 0 206 172', t.stitch) +
      circle(
        Number(fmt(tip[0])),
        Number(fmt(tip[1])),
        10.5,
        t.base,
        `stroke="${t.line}" stroke-width="1.1"`,
      ) +
      outlined(tail, t.base, t.line, 1.1) +
      holes +
      outlined(beltStrip(Math.acos(20 / 88), Math.acos(28 / 88), -0.06, 3), t.base, t.line, 1) +
      outlined('M98 186Q116 190 134 186L134 214Q116 218 98 214Z', 'none', t.brass, 4) +
      stroke('M100 200Q116 203 134 199', t.brass, 2.2) +
      fill('M98 186Q116 190 134 186', 'none', `stroke="#ffffff" stroke-width="1" opacity="0.5"`),
  };
};

const DRAWINGS: Record<Garment, Draw> = {
  trench,
  overcoat,
  puffer,
  'denim-jacket': denimJacket,
  blazer,
  'leather-jacket': leatherJacket,
  tee,
  shirt,
  blouse,
  sweater,
  hoodie,
  tank,
  jeans,
  trousers,
  skirt,
  shorts,
  joggers,
  sneaker,
  boot,
  loafer,
  heel,
  sandal,
  tote,
  crossbody,
  cap,
  beanie,
  scarf,
  sunglasses,
  belt,
};

const DEFS =
  '<defs>' +
  '<radialGradient id="drape-bg" cx="50%" cy="42%" r="75%">' +
  '<stop offset="0" stop-color="#f8f6f2"/><stop offset="1" stop-color="#e9e4dc"/></radialGradient>' +
  '<linearGradient id="drape-sheen" x1="0" y1="0" x2="1" y2="0.35">' +
  '<stop offset="0" stop-color="#ffffff" stop-opacity="0.2"/>' +
  '<stop offset="0.45" stop-color="#ffffff" stop-opacity="0"/>' +
  '<stop offset="1" stop-color="#000000" stop-opacity="0.14"/></linearGradient>' +
  '<linearGradient id="drape-sheen-v" x1="0" y1="0" x2="0" y2="1">' +
  '<stop offset="0" stop-color="#ffffff" stop-opacity="0.22"/>' +
  '<stop offset="0.5" stop-color="#ffffff" stop-opacity="0"/>' +
  '<stop offset="1" stop-color="#000000" stop-opacity="0.16"/></linearGradient>' +
  '<linearGradient id="drape-lens" x1="0" y1="0" x2="0" y2="1">' +
  '<stop offset="0" stop-color="#6b625a" stop-opacity="0.7"/>' +
  '<stop offset="1" stop-color="#141210" stop-opacity="0.2"/></linearGradient>' +
  '<filter id="drape-blur" x="-20%" y="-20%" width="140%" height="140%">' +
  '<feGaussianBlur stdDeviation="4"/></filter>' +
  '</defs>';

/**
 * A complete SVG document picturing `garment` in `colorHex` (`#rrggbb`). Throws on anything else,
 * since the colour is written into the markup.
 */
export function renderItemSvg(garment: Garment, colorHex: string): string {
  const hex = colorHex.toLowerCase();
  if (!HEX_RE.test(hex)) throw new RangeError(`Expected a #rrggbb colour, got ${colorHex}`);
  const draw = DRAWINGS[garment];
  if (!draw) throw new RangeError(`Unknown garment ${garment}`);
  const { shadow, art } = draw(toneFor(hex));
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 300" width="240" height="300"' +
    ` role="img" aria-label="${LABELS[garment]}"><title>${LABELS[garment]}</title>${DEFS}` +
    `<rect width="240" height="300" fill="url(#drape-bg)"/>${shadow}${art}</svg>`
  );
}
