import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartSchema } from '../../contracts/cart';
import { fromContract } from '../test/api-contracts';
import { ada } from '../test/fixtures';
import { stubLayoutObservers } from '../test/layout-stubs';
import { mockApi, renderWithApp } from '../test/render';
import { RouteErrorBoundary } from './route-error';
import { AppRoutes } from './router';

const shopper = ada;

const emptyCart = fromContract(CartSchema, {
  lines: [],
  units: 0,
  subtotalCents: 0,
  subtotal: '$0.00',
  shippingCents: 0,
  shipping: '$0.00',
  totalCents: 0,
  total: '$0.00',
  arrival: { from: '2026-11-30', to: '2026-12-02', text: 'Arrives: Nov 30-Dec 2' },
});

/** The API of a signed-in shopper with an empty cart; anything else is not found. */
function signedIn() {
  mockApi((method, url) => {
    if (url === '/api/user') return [200, shopper];
    if (url === '/api/cart') return [200, emptyCart];
    return [404, { error: { code: 'not_found', message: `${method} ${url}` } }];
  });
}

describe('AppRoutes', () => {
  afterEach(() => vi.restoreAllMocks());

  it('loads a page on its first visit inside the shopper frame, then moves to another', async () => {
    signedIn();
    renderWithApp(<AppRoutes />, { path: '/about' });
    expect(await screen.findByRole('heading', { name: 'About Drape' })).toBeInTheDocument();
    // The tab bar and the wide screens' header both carry it; the stylesheet shows one.
    const [nav] = screen.getAllByRole('navigation', { name: 'Main' });

    await userEvent.click(within(nav!).getByRole('link', { name: 'Search' }));
    const heading = await screen.findByRole(
      'heading',
      { name: 'Search', level: 1 },
      { timeout: 10_000 },
    );
    expect(screen.queryByRole('heading', { name: 'About Drape' })).not.toBeInTheDocument();
    // Focus moves to the new page's heading, not the body or the link just followed.
    await waitFor(() => expect(heading).toHaveFocus());
    // Two pages drawn with MUI are compiled on first import: slow on a busy machine.
  }, 30_000);

  it('sends an administrator who logs in on the shop’s welcome page to the design area', async () => {
    // The design studio's carousels.
    stubLayoutObservers();
    try {
      const admin = { ...shopper, id: 1, username: 'grace', isAdmin: true };
      let signedInAs: typeof admin | null = null;
      mockApi((method, url) => {
        if (url === '/api/user') {
          return signedInAs
            ? [200, signedInAs]
            : [401, { error: { code: 'unauthorized', message: 'Log in first.' } }];
        }
        if (method === 'POST' && url === '/api/user/login') {
          signedInAs = admin;
          return [200, admin];
        }
        if (url === '/api/occasions') return [200, []];
        return [404, { error: { code: 'not_found', message: `${method} ${url}` } }];
      });
      renderWithApp(<AppRoutes />, { path: '/home' });
      await userEvent.type(await screen.findByLabelText(/^Username/), 'grace');
      await userEvent.type(screen.getByLabelText(/^Password/), 'secret');
      await userEvent.click(screen.getByRole('button', { name: 'Log In' }));

      expect(
        await screen.findByRole('heading', { name: 'New outfit', level: 1 }, { timeout: 10_000 }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Discover' })).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
    // The design page is compiled on first import: slow on a busy machine.
  }, 30_000);

  it('says the server could not be reached when an admin page cannot check the session', async () => {
    let down = true;
    const calls = mockApi((method, url) => {
      if (url === '/api/user' && down) {
        return [500, { error: { code: 'internal', message: 'Something went wrong.' } }];
      }
      if (url === '/api/user') return [401, { error: { code: 'unauthorized', message: 'no' } }];
      return [404, { error: { code: 'not_found', message: `${method} ${url}` } }];
    });
    renderWithApp(<AppRoutes />, { path: '/admin/design' });
    expect(await screen.findByText('The server could not be reached.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin login' })).toBeNull();
    // Asked once: the frame drawn and taken down as the check failed does not ask again.
    const checks = () => calls.filter((c) => c.url === '/api/user').length;
    // A component mounted by that failure's render and asking again would have reached the
    // server by the next task: nothing is put off by a timer.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(checks()).toBe(1);

    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Admin login' })).toBeInTheDocument();
  });

  it('leads an admin from the design header to adding an administrator; a visitor gets the login', async () => {
    stubLayoutObservers();
    try {
      const admin = { ...shopper, id: 1, username: 'grace', isAdmin: true };
      let signedInAs: typeof admin | null = admin;
      mockApi((method, url) => {
        if (url === '/api/user') {
          return signedInAs
            ? [200, signedInAs]
            : [401, { error: { code: 'unauthorized', message: 'Log in first.' } }];
        }
        if (url.startsWith('/api/design/outfits')) return [200, { items: [], nextCursor: null }];
        return [404, { error: { code: 'not_found', message: `${method} ${url}` } }];
      });
      const first = renderWithApp(<AppRoutes />, { path: '/admin/design/outfits' });
      const nav = await screen.findByRole('navigation', { name: 'Design' }, { timeout: 10_000 });
      await userEvent.click(within(nav).getByRole('link', { name: 'Team' }));
      expect(
        await screen.findByRole(
          'heading',
          { name: 'Add an administrator', level: 1 },
          { timeout: 10_000 },
        ),
      ).toBeInTheDocument();
      first.unmount();

      signedInAs = null;
      renderWithApp(<AppRoutes />, { path: '/admin/team' });
      expect(await screen.findByRole('heading', { name: 'Admin login' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Add an administrator' })).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
    // Two admin pages are compiled on first import: slow on a busy machine.
  }, 30_000);

  it('answers an unknown address with the not-found page', async () => {
    signedIn();
    renderWithApp(<AppRoutes />, { path: '/no-such-page' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page went out of style' }),
    ).toBeInTheDocument();
  });
});

describe('RouteErrorBoundary', () => {
  function Broken(): never {
    throw new Error('chunk failed to load');
  }

  /** A screen that throws until the location (the reset key) changes. */
  function Harness() {
    const [location, setLocation] = useState('first');
    return (
      <>
        <button type="button" onClick={() => setLocation('second')}>
          Go elsewhere
        </button>
        <RouteErrorBoundary resetKey={location}>
          {location === 'first' ? <Broken /> : <p>Second screen</p>}
        </RouteErrorBoundary>
      </>
    );
  }

  it('shows the error screen for a screen that throws, and the next location once it changes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Harness />);
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to outfits' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Go elsewhere' }));
    expect(screen.getByText('Second screen')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });
});
