import { existsSync } from 'node:fs';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type BrowserChoice = 'system' | 'bundled';

function chosenBrowser(): BrowserChoice | undefined {
  const choice = process.env.E2E_BROWSER;
  if (choice === undefined || choice === '' || choice === 'auto') return undefined;
  if (choice === 'system' || choice === 'bundled') return choice;
  throw new Error(`E2E_BROWSER must be "system", "bundled" or unset (got "${choice}").`);
}

/** The system Chromium (CHROMIUM_PATH, else Debian's /usr/bin/chromium), if there is one. */
export function systemChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => Boolean(p) && existsSync(p as string));
}

/**
 * The Chromium the browser tests drive: the system one when present, else the one shipped inside
 * the @sparticuz/chromium package (unpacked into the temporary folder on first use, so a machine
 * with nothing but Node can run the journeys). E2E_BROWSER=system or =bundled forces one.
 *
 * The package's own launch arguments are tuned for serverless hosts (single process, web
 * security off); the journeys launch both browsers with CHROMIUM_FLAGS instead, so the same
 * pages meet the same Content-Security-Policy and origin rules in either.
 */
export async function findChromium(): Promise<{ executablePath: string; kind: BrowserChoice }> {
  const choice = chosenBrowser();
  if (choice !== 'bundled') {
    const system = systemChromium();
    if (system) return { executablePath: system, kind: 'system' };
    if (choice === 'system') {
      throw new Error(
        'E2E_BROWSER=system but no Chromium was found: install it (`apt-get install -y chromium` ' +
          'on Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium or Chrome binary.',
      );
    }
  }
  const { default: bundled } = await import('@sparticuz/chromium');
  return { executablePath: await bundled.executablePath(), kind: 'bundled' };
}
