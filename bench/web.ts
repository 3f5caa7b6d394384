import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, findChromium } from '../e2e/support/chromium';

export interface WebMeasurement {
  homeInitialKiB: { js: number; css: number; total: number; files: number };
  adminOnlyKiB: number;
  firstCardInteractiveMs: { median: number; runs: number[] };
  largestContentfulPaintMs: { median: number; runs: number[] };
}

const WEB_ROOT = 'dist/web';
const CARD = '[aria-roledescription="outfit card"]';

/** What the page writes to its console when the first card can take a swipe. */
const FIRST_CARD_MESSAGE = 'drape-bench first card at ';

/**
 * Runs in the page from its first moment: each animation frame looks for the first card; in the
 * frame that has it, the time is taken once that frame's task is done (a task queued then runs
 * after the frame is painted), the first moment the page can take the shopper's swipe. Timed in
 * the page itself, so the figure is the page's and not the test driver's polling, and reported on
 * the console, which the driver hears without running anything in the page: waiting with
 * `waitForFunction` made the driver install its own script in the page while it loaded, which
 * cost the page's main thread 80–230 ms in a slow hour.
 */
const MARK_FIRST_CARD = `(() => {
  const look = () => {
    if (!document.querySelector(${JSON.stringify(CARD)})) return requestAnimationFrame(look);
    setTimeout(() => { console.debug(${JSON.stringify(FIRST_CARD_MESSAGE)} + performance.now()); }, 0);
  };
  requestAnimationFrame(look);
})();`;

function gzKiB(urlPath: string): number {
  const file = path.join(WEB_ROOT, urlPath);
  return gzipSync(readFileSync(file), { level: 9 }).length / 1024;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const round = (n: number) => Math.round(n * 10) / 10;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** JS and CSS files a page loads from /assets, by URL path. */
async function assetsLoaded(page: Page, url: string, ready: string): Promise<Set<string>> {
  const seen = new Set<string>();
  const listener = (response: { url(): string }) => {
    const p = new URL(response.url()).pathname;
    if (p.startsWith('/assets/') && /\.(js|css)$/.test(p)) seen.add(p);
  };
  page.on('response', listener);
  await page.goto(url);
  await page.waitForSelector(ready, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  page.off('response', listener);
  return seen;
}

/**
 * The shopper's initial download for /home, the admin area's own chunks, and in Chromium the
 * time from navigation to the first swipe card and the largest contentful paint, on a warm
 * server with the demo shop (embedded database).
 */
export async function measureWeb(log: (m: string) => void): Promise<WebMeasurement> {
  if (!existsSync(path.join(WEB_ROOT, 'index.html'))) {
    // A fresh clone has no build: the server would answer every page with 404.
    log('web: building the app first (npm run build)');
    const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('web: npm run build failed');
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drape-bench-web-'));
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  const { executablePath } = await findChromium();
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
  try {
    for (let i = 0; i < 240; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // starting
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    log('web: measuring bundles and first card');
    const shopper = await browser.newContext({
      baseURL: base,
      viewport: { width: 390, height: 844 },
    });
    const page = await shopper.newPage();
    const username = `webbench${Date.now()}`;
    await page.request.post('/api/user/register', {
      data: { username, password: 'bench-password-1' },
    });
    await page.request.post('/api/user/login', {
      data: { username, password: 'bench-password-1' },
    });
    await page.goto('/home');
    await page.waitForSelector(CARD); // warm the server and its caches

    const fresh = await browser.newContext({
      baseURL: base,
      viewport: { width: 390, height: 844 },
    });
    await fresh.addCookies(await shopper.cookies());
    const cold = await fresh.newPage();
    const homeAssets = await assetsLoaded(cold, '/home', CARD);
    let js = 0;
    let css = 0;
    for (const asset of homeAssets) {
      if (asset.endsWith('.js')) js += gzKiB(asset);
      else css += gzKiB(asset);
    }
    await fresh.close();

    const interactive: number[] = [];
    const lcp: number[] = [];
    for (let run = 0; run < 5; run++) {
      const context = await browser.newContext({
        baseURL: base,
        viewport: { width: 390, height: 844 },
      });
      await context.addCookies(await shopper.cookies());
      const p = await context.newPage();
      await p.addInitScript({ content: MARK_FIRST_CARD });
      const firstCard = p.waitForEvent('console', {
        predicate: (message) => message.text().startsWith(FIRST_CARD_MESSAGE),
        timeout: 30_000,
      });
      await p.goto('/home', { waitUntil: 'commit' });
      interactive.push(Number((await firstCard).text().slice(FIRST_CARD_MESSAGE.length)));
      await p.waitForLoadState('networkidle');
      lcp.push(
        await p.evaluate(
          () =>
            new Promise<number>((resolve) => {
              new PerformanceObserver((list) => {
                const entries = list.getEntries();
                resolve(entries[entries.length - 1]?.startTime ?? 0);
              }).observe({ type: 'largest-contentful-paint', buffered: true });
              setTimeout(() => resolve(0), 2000);
            }),
        ),
      );
      await context.close();
    }
    await shopper.close();

    const admin = await browser.newContext({
      baseURL: base,
      viewport: { width: 1280, height: 800 },
    });
    const adminPage = await admin.newPage();
    await adminPage.request.post('/api/user/login', {
      data: { username: 'admin', password: 'drape-admin-2026' },
    });
    const adminAssets = await assetsLoaded(adminPage, '/admin/design', 'main, [role="main"], form');
    let adminOnly = 0;
    for (const asset of adminAssets) if (!homeAssets.has(asset)) adminOnly += gzKiB(asset);
    await admin.close();

    return {
      homeInitialKiB: {
        js: round(js),
        css: round(css),
        total: round(js + css),
        files: homeAssets.size,
      },
      adminOnlyKiB: round(adminOnly),
      firstCardInteractiveMs: {
        median: Math.round(median(interactive)),
        runs: interactive.map(Math.round),
      },
      largestContentfulPaintMs: { median: Math.round(median(lcp)), runs: lcp.map(Math.round) },
    };
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
