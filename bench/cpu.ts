import { readdirSync, readFileSync } from 'node:fs';

/**
 * Where a measured request's CPU time went, in microseconds: the server's process, all of
 * PostgreSQL's processes (its backends and background processes; none on PGlite, which runs in
 * the server), and this process, the load generator. On two shared cores these say more than
 * requests per second, which move with whatever else the machine does.
 */
export interface CpuPerRequest {
  server: number;
  postgres: number;
  generator: number;
}

/** CPU seconds the server and the generator have used so far, and each PostgreSQL process. */
interface Snapshot {
  server: number;
  generator: number;
  postgres: Map<string, number>;
}

/** Linux reports a process's CPU time in clock ticks of 1/100 s (USER_HZ). */
const TICKS_PER_SECOND = 100;

/** A process's parent and its utime + stime in seconds, or nothing if it is gone. */
function processStat(pid: string): { parent: number; seconds: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name, in parentheses, may hold spaces: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      parent: Number(fields[1]),
      seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
    };
  } catch {
    return undefined;
  }
}

function isPostgres(pid: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('postgres');
  } catch {
    return false;
  }
}

/** Null where there is no /proc (not Linux): the table then leaves these columns empty. */
function snapshot(serverPid: number): Snapshot | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const postgres = new Map<string, number>();
  let server = processStat(String(serverPid))?.seconds ?? 0;
  for (const pid of pids) {
    if (isPostgres(pid)) {
      const seconds = processStat(pid)?.seconds;
      if (seconds !== undefined) postgres.set(pid, seconds);
      continue;
    }
    // With WORKERS=N the server's work is done in the primary's children.
    const stat = processStat(pid);
    if (stat?.parent === serverPid) server += stat.seconds;
  }
  const own = process.cpuUsage();
  return {
    server,
    postgres,
    generator: (own.user + own.system) / 1e6,
  };
}

/**
 * Runs one measurement and reads the CPU time each side spent in its measured part, which
 * starts `warmupSeconds` after the call. PostgreSQL's time is summed over its processes alive at
 * the end (a backend that exits within the window takes its time with it, and one that started
 * within it counts whole); the server's pool keeps its connections, so neither happens here.
 */
export async function withCpu<M extends { requests: number }>(
  serverPid: number | undefined,
  warmupSeconds: number,
  run: () => Promise<M>,
): Promise<M & { cpu?: CpuPerRequest }> {
  if (serverPid === undefined) return run();
  const window: { start: Snapshot | null } = { start: null };
  const timer = setTimeout(() => {
    window.start = snapshot(serverPid);
  }, warmupSeconds * 1000);
  const measured = await run();
  clearTimeout(timer);
  const after = snapshot(serverPid);
  const { start } = window;
  if (!start || !after || measured.requests === 0) return measured;
  let postgres = 0;
  for (const [pid, seconds] of after.postgres) postgres += seconds - (start.postgres.get(pid) ?? 0);
  const per = (seconds: number) => Math.round((seconds * 1e6) / measured.requests);
  return {
    ...measured,
    cpu: {
      server: per(after.server - start.server),
      postgres: per(postgres),
      generator: per(after.generator - start.generator),
    },
  };
}

/** PostgreSQL's CPU seconds so far, summed over its processes; null where there is no /proc. */
export function postgresSeconds(): number | null {
  const now = snapshot(process.pid);
  if (!now) return null;
  let seconds = 0;
  for (const used of now.postgres.values()) seconds += used;
  return seconds;
}

/**
 * Waits until PostgreSQL has been quiet for one sample (under `share` of a core), or until
 * `limitSeconds` have passed, and says how many seconds it waited. Between two rows nothing of
 * the benchmark asks anything, so what PostgreSQL still does is its own (autovacuum after the
 * writes, a checkpoint), and it would otherwise land in the next row's figures.
 */
export async function untilQuiet(
  read: () => number | null = postgresSeconds,
  { sampleMs = 500, share = 0.05, limitSeconds = 60 } = {},
): Promise<number> {
  const started = Date.now();
  let before = read();
  if (before === null) return 0;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, sampleMs));
    const after = read();
    if (after === null || after - before < (share * sampleMs) / 1000) break;
    if (Date.now() - started >= limitSeconds * 1000) break;
    before = after;
  }
  return (Date.now() - started) / 1000;
}
