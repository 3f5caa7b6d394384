import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type BrowserChoice, findChromium } from './chromium';
import { startServer } from './server';

/** Starts the built server on a free port with its own data folder (seeded demo shop). */
export default async function setup(project: TestProject) {
  // Found (and the packaged one unpacked) once, before anything starts; every test file launches it.
  const browser = await findChromium();
  console.info(`Browser journeys in ${browser.kind} Chromium (${browser.executablePath})`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'drape-e2e-'));
  const server = await startServer(dataDir);
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('chromiumPath', browser.executablePath);
  project.provide('chromiumKind', browser.kind);

  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    chromiumPath: string;
    chromiumKind: BrowserChoice;
  }
}
