import { afterEach, describe, expect, it, vi } from 'vitest';
import { untilQuiet, withCpu } from './cpu';

/** This process's CPU time so far, in microseconds: what a busy machine cannot shrink or stretch. */
const cpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** Spends `ms` of this process's CPU time, however long the machine takes to give it. */
function burn(ms: number) {
  const end = cpuMicros() + ms * 1000;
  while (cpuMicros() < end) {
    // busy
  }
}

afterEach(() => vi.useRealTimers());

describe.runIf(process.platform === 'linux')('withCpu', () => {
  it('counts the measured part’s CPU time per request, not the warm-up’s', async () => {
    // The window opens when the test says so, not after some wall-clock time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // This process plays the server and the load generator at once.
    const measured = await withCpu(process.pid, 0.1, async () => {
      burn(300); // the warm-up: outside the window
      vi.advanceTimersByTime(100); // the warm-up's 0.1 s are over: the window opens
      burn(200); // the measured part
      return { requests: 100 };
    });
    const perRequest = 200_000 / 100;
    expect(measured.requests).toBe(100);
    expect(measured.cpu).toBeDefined();
    for (const side of ['server', 'generator'] as const) {
      // /proc counts in ticks of 10 ms and the runtime's own threads add a little; the warm-up's
      // 300 ms, had they been counted, would make 5,000 µs a request.
      expect(measured.cpu?.[side]).toBeGreaterThanOrEqual(perRequest * 0.9);
      expect(measured.cpu?.[side]).toBeLessThan(perRequest * 1.5);
    }
    expect(measured.cpu?.postgres).toBeGreaterThanOrEqual(0);
  });

  it('measures nothing when the window never opened', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const measured = await withCpu(process.pid, 0.1, async () => {
      burn(50);
      return { requests: 10 };
    });
    expect(measured).toEqual({ requests: 10 });
  });

  it('leaves a measurement without requests, or without a server, as it is', async () => {
    expect(await withCpu(process.pid, 0, async () => ({ requests: 0 }))).toEqual({ requests: 0 });
    expect(await withCpu(undefined, 0, async () => ({ requests: 5 }))).toEqual({ requests: 5 });
  });
});

describe('untilQuiet', () => {
  it('waits while PostgreSQL keeps using CPU and stops at the first quiet sample', async () => {
    // CPU seconds read at each sample: busy for two samples, then nothing more.
    const readings = [0, 0.5, 1, 1, 1];
    let reads = 0;
    const read = () => readings[Math.min(reads++, readings.length - 1)]!;
    await untilQuiet(read, { sampleMs: 1, share: 0.05, limitSeconds: 10 });
    expect(reads).toBe(4);
  });

  it('gives up after its limit when PostgreSQL never rests', async () => {
    let seconds = 0;
    const read = () => (seconds += 1);
    const waited = await untilQuiet(read, { sampleMs: 5, share: 0.05, limitSeconds: 0.05 });
    expect(waited).toBeGreaterThanOrEqual(0.05);
    expect(waited).toBeLessThan(5);
  });

  it('does not wait where CPU time cannot be read', async () => {
    expect(await untilQuiet(() => null, { sampleMs: 1000 })).toBe(0);
  });
});
