/**
 * Runs `task` once the next frame has been painted and the page has nothing more urgent to do:
 * a shopper's tap or key waiting to be handled comes first. Where the browser has no idle
 * callbacks, or never idles, it runs a task after that frame, or after `timeoutMs` at the latest.
 * Returns a function that cancels it.
 */
export function afterPaintWhenIdle(task: () => void, timeoutMs = 500): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    if (typeof window.requestIdleCallback === 'function') {
      idle = window.requestIdleCallback(task, { timeout: timeoutMs });
    } else {
      timer = setTimeout(task, 0);
    }
  });
  return () => {
    cancelAnimationFrame(frame);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}
