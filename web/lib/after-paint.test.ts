import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaintWhenIdle } from './after-paint';

/** Frames and idle periods the test runs by hand. */
function stubFrames() {
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.push(callback);
    return frames.length;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    frames[id - 1] = () => {};
  });
  return {
    paint: () => {
      for (const frame of frames.splice(0)) frame(0);
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('afterPaintWhenIdle', () => {
  it('waits for the next frame, then for the page to idle, at most the timeout', () => {
    const { paint } = stubFrames();
    const idle: { task: IdleRequestCallback; timeout: number | undefined }[] = [];
    vi.stubGlobal(
      'requestIdleCallback',
      (task: IdleRequestCallback, options?: IdleRequestOptions) =>
        idle.push({ task, timeout: options?.timeout }),
    );
    vi.stubGlobal('cancelIdleCallback', () => {});
    const task = vi.fn();
    afterPaintWhenIdle(task, 300);
    expect(idle).toHaveLength(0);
    paint();
    expect(idle).toEqual([{ task, timeout: 300 }]);
    expect(task).not.toHaveBeenCalled();
  });

  it('runs a task after the frame where the browser has no idle callbacks', () => {
    vi.useFakeTimers();
    const { paint } = stubFrames();
    vi.stubGlobal('requestIdleCallback', undefined);
    const task = vi.fn();
    afterPaintWhenIdle(task);
    vi.runAllTimers();
    expect(task).not.toHaveBeenCalled();
    paint();
    expect(task).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledOnce();
  });

  it('does nothing once cancelled, before or after the frame', () => {
    vi.useFakeTimers();
    const { paint } = stubFrames();
    const cancelled: number[] = [];
    vi.stubGlobal('requestIdleCallback', () => 7);
    vi.stubGlobal('cancelIdleCallback', (id: number) => cancelled.push(id));
    const early = vi.fn();
    afterPaintWhenIdle(early)();
    paint();
    expect(early).not.toHaveBeenCalled();
    expect(cancelled).toEqual([]);

    const late = afterPaintWhenIdle(vi.fn());
    paint();
    late();
    expect(cancelled).toEqual([7]);
  });
});
