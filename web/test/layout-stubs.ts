import { vi } from 'vitest';

/**
 * jsdom has no layout: the carousels (Embla) and the lists' scroll watchers only need these to
 * exist. Undone by `vi.unstubAllGlobals()`.
 */
export function stubLayoutObservers() {
  class Observer {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  vi.stubGlobal('ResizeObserver', Observer);
  vi.stubGlobal('IntersectionObserver', Observer);
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  }));
}

/** The end of an endless list always in view: each observer reports it as soon as it observes. */
export function stubListEndInView() {
  class InView {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(target: Element) {
      this.callback(
        [{ isIntersecting: true, target } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      );
    }
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', InView);
}
