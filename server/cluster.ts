import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config';

/** A worker that dies this soon after starting counts as a failed start, not a crash. */
const EARLY_EXIT_MS = 5_000;
/** Failed starts in a row after which the primary gives up instead of forking forever. */
const MAX_FAILED_STARTS = 5;

/**
 * The primary process of `WORKERS=N`: it forks N copies of the server, which share the listening
 * port through Node's cluster module, replaces any that dies, and on SIGTERM or SIGINT asks every
 * worker to finish its requests in flight and waits for them. It opens no database itself; each
 * worker migrates under the migration lock (the first does the work) and serves.
 */
export function runPrimary(config: Config, log: (message: string) => void): void {
  let closing = false;
  let failedStarts = 0;
  const startedAt = new Map<Worker, number>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (closing) {
      if (startedAt.size === 0) process.exit(0);
      return;
    }
    failedStarts = lived < EARLY_EXIT_MS ? failedStarts + 1 : 0;
    if (failedStarts >= MAX_FAILED_STARTS) {
      log(`${failedStarts} workers in a row exited within seconds of starting; stopping Drape`);
      closing = true;
      for (const other of startedAt.keys()) other.process.kill('SIGTERM');
      process.exitCode = 1;
      if (startedAt.size === 0) process.exit(1);
      return;
    }
    log(`worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`);
    fork();
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    log(`${signal}: asking ${startedAt.size} workers to finish their requests in flight`);
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
    // Each worker gives itself ten seconds; past that something is stuck.
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  log(`starting ${config.workers} workers on port ${config.port}`);
  for (let i = 0; i < config.workers; i++) fork();
}
