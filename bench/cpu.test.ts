import { describe, expect, it } from 'vitest';
import { withCpu } from './cpu';

/** Keeps this process's core busy for `ms` of wall time. */
function spin(ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // busy
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(process.platform === 'linux')('withCpu', () => {
  it('counts the measured seconds’ CPU time per request, not the warm-up’s', async () => {
    // This process plays the server and the load generator at once.
    const measured = await withCpu(process.pid, 0.1, async () => {
      spin(300); // the warm-up: the window opens after it
      await sleep(150);
      spin(200); // the measured part
      return { requests: 100 };
    });
    const perRequest = 200_000 / 100;
    expect(measured.requests).toBe(100);
    for (const side of ['server', 'generator'] as const) {
      // A busy machine may take the core away for part of the 200 ms, never add the warm-up's.
      expect(measured.cpu?.[side]).toBeGreaterThan(perRequest * 0.3);
      expect(measured.cpu?.[side]).toBeLessThan(perRequest * 1.5);
    }
    expect(measured.cpu?.postgres).toBeGreaterThanOrEqual(0);
  });

  it('leaves a measurement without requests, or without a server, as it is', async () => {
    expect(await withCpu(process.pid, 0, async () => ({ requests: 0 }))).toEqual({ requests: 0 });
    expect(await withCpu(undefined, 0, async () => ({ requests: 5 }))).toEqual({ requests: 5 });
  });
});
