import { Agent, request as httpRequest } from 'node:http';
import autocannon, { type RawRequest } from 'autocannon';

export interface Measurement {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  /** What an answer weighs on the wire on average, headers included, in bytes. */
  bytes: number;
}

export interface Scenario {
  name: string;
  /** Builds each request; called for every request, so it can vary shopper, query or body. */
  next(): RawRequest;
}

/** One autocannon run: warm-up, then `duration` seconds at 10 connections. */
export async function measure(
  baseUrl: string,
  scenario: Scenario,
  options: { duration: number; connections: number; warmup: number },
): Promise<Measurement> {
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: options.duration,
    timeout: 10,
    warmup: { connections: options.connections, duration: options.warmup },
    requests: [
      {
        setupRequest: (request) => ({ ...request, ...scenario.next() }),
      },
    ],
  });
  return {
    name: scenario.name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
    bytes: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
  };
}

/**
 * The closed loops' HTTP client: keep-alive connections and plain `node:http`, whose cost per
 * request is a fraction of `fetch`'s, so the load generator takes as little as it can of the two
 * cores it shares with the server and PostgreSQL.
 */
const keepAlive = new Agent({ keepAlive: true });

export function send(
  baseUrl: string,
  req: Pick<RawRequest, 'method' | 'path' | 'headers' | 'body'>,
): Promise<{ status: number; body: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const out = httpRequest(
      `${baseUrl}${req.path}`,
      { method: req.method, headers: req.headers as Record<string, string>, agent: keepAlive },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => {
          // The status line and each header as HTTP/1.1 writes them, then the body.
          const head = res.rawHeaders.reduce((n, part) => n + Buffer.byteLength(part) + 2, 17);
          resolve({ status: res.statusCode ?? 0, body, bytes: head + Buffer.byteLength(body) });
        });
        res.on('error', reject);
      },
    );
    out.on('error', reject);
    out.end(req.body === undefined ? undefined : String(req.body));
  });
}

/**
 * A closed loop of `connections` workers for flows autocannon cannot express: `prepare` runs
 * untimed before each timed request (for checkout: filling that shopper's cart; a `prepare` that
 * throws counts as an error), and `observe`
 * sees each timed answer (for the feed: the page the shopper will swipe through next). The loop
 * runs `warmup` seconds unrecorded first, as autocannon's runs do, so a fresh server's first
 * calls (code not yet optimised, statements not yet prepared on each connection) are not
 * counted as the route's speed.
 */
export async function measureFlow(
  baseUrl: string,
  name: string,
  flow: {
    prepare(worker: number): Promise<RawRequest>;
    observe?(worker: number, body: string): void;
  },
  options: { duration: number; connections: number; warmup: number },
): Promise<Measurement> {
  const latencies: number[] = [];
  let errors = 0;
  const recordFrom = Date.now() + options.warmup * 1000;
  const deadline = recordFrom + options.duration * 1000;
  let timedMs = 0;
  let timedBytes = 0;
  await Promise.all(
    Array.from({ length: options.connections }, async (_, worker) => {
      while (Date.now() < deadline) {
        let request: RawRequest;
        try {
          request = await flow.prepare(worker);
        } catch (error) {
          // A setup step that failed counts as an error of the row, told once, and the loop
          // goes on: one refused step should not end a run of many rows.
          if (errors++ === 0) console.warn(`[bench] ${name}: ${(error as Error).message}`);
          await new Promise((r) => setTimeout(r, 20));
          continue;
        }
        const started = performance.now();
        const response = await send(baseUrl, request);
        const elapsed = performance.now() - started;
        const ok = response.status >= 200 && response.status < 300;
        if (ok) flow.observe?.(worker, response.body);
        // A failure counts even in the warm-up; only the time is not recorded there. The first
        // is told, so that a row's errors say what they were.
        if (!ok && errors++ === 0) {
          console.warn(`[bench] ${name}: ${response.status} ${response.body.slice(0, 200)}`);
        }
        if (Date.now() < recordFrom) continue;
        latencies.push(elapsed);
        timedMs += elapsed;
        timedBytes += response.bytes;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  // Throughput of the timed request alone: requests per second of time spent inside it.
  const rps =
    timedMs > 0 ? Math.round((latencies.length * options.connections * 1000) / timedMs) : 0;
  const requests = latencies.length;
  const bytes = requests ? Math.round(timedBytes / requests) : 0;
  return { name, rps, p50: at(0.5), p99: at(0.99), errors, requests, bytes };
}
