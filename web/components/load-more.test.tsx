import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadMore } from './load-more';

// The end of the list is always in view: each observer reports it at once.
let observing = 0;
class InView {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    observing += 1;
    this.callback(
      [{ isIntersecting: true, target } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
  disconnect() {}
}

beforeEach(() => {
  observing = 0;
  vi.stubGlobal('IntersectionObserver', InView);
});
afterEach(() => vi.unstubAllGlobals());

describe('LoadMore', () => {
  it('asks for the next page when the end of the list comes into view', () => {
    const load = vi.fn();
    render(<LoadMore hasMore loading={false} onLoadMore={load} />);
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Show more' })).toBeTruthy();
  });

  it('after a failed page, says so and asks again only when told to', async () => {
    const load = vi.fn();
    render(<LoadMore hasMore loading={false} failed onLoadMore={load} />);
    expect(observing).toBe(0);
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('More could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('draws nothing at the end of the list', () => {
    const { container } = render(<LoadMore hasMore={false} loading={false} onLoadMore={vi.fn()} />);
    expect(container.innerHTML).toBe('');
  });
});
