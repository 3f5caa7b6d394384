import { useSyncExternalStore } from 'react';

/** What the outboxes hold right now: the frame's offline line tells the shopper. */
export interface OutboxStatus {
  /** Changes waiting for the server. */
  pending: number;
  /** How many of those are swipes (the line names them when they are all swipes). */
  swipes: number;
  /** A send failed and the outbox waits to try again (offline, or the server unreachable). */
  retrying: boolean;
}

const EMPTY: OutboxStatus = { pending: 0, swipes: 0, retrying: false };
const reports = new Map<string, OutboxStatus>();
const listeners = new Set<() => void>();
let total: OutboxStatus = EMPTY;

/** An outbox says what it holds; `undefined` once it stops. */
export function reportOutbox(name: string, status: OutboxStatus | undefined) {
  if (status) reports.set(name, status);
  else reports.delete(name);
  let pending = 0;
  let swipes = 0;
  let retrying = false;
  for (const report of reports.values()) {
    pending += report.pending;
    swipes += report.swipes;
    retrying ||= report.retrying;
  }
  if (pending === total.pending && swipes === total.swipes && retrying === total.retrying) return;
  total = pending || retrying ? { pending, swipes, retrying } : EMPTY;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOutboxStatus(): OutboxStatus {
  return useSyncExternalStore(
    subscribe,
    () => total,
    () => EMPTY,
  );
}

/**
 * The frame's one quiet line about the connection, or `undefined` when there is nothing to say:
 * offline, or online with changes that could not reach the server yet.
 */
export function offlineLine(online: boolean, status: OutboxStatus): string | undefined {
  const { pending, swipes } = status;
  const what =
    pending === 0
      ? 'swipes'
      : `${pending} ${pending === swipes ? (pending === 1 ? 'swipe' : 'swipes') : pending === 1 ? 'change' : 'changes'}`;
  if (!online) return `Offline · ${what} will be saved when you reconnect`;
  if (status.retrying && pending > 0) {
    return `Drape cannot be reached · ${what} will be saved when it answers`;
  }
  return undefined;
}
