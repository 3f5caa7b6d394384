import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTopOnNewPage } from './use-top-on-new-page';

afterEach(() => vi.restoreAllMocks());

function Probe() {
  useTopOnNewPage(useLocation().pathname);
  return null;
}

describe('useTopOnNewPage', () => {
  it('starts a page gone to at its top, and leaves back and forward to the page', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '*', element: <Probe /> }], {
      initialEntries: ['/orders', '/cartlanding'],
      initialIndex: 1,
    });
    render(<RouterProvider router={router} />);
    expect(scrollTo).not.toHaveBeenCalled();

    await act(() => router.navigate('/cart'));
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(0, 0);

    // Back to /cartlanding, then /orders: each keeps its own place, not the top.
    await act(() => router.navigate(-1));
    await act(() => router.navigate(-1));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});
