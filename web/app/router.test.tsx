import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartSchema } from '../../contracts/cart';
import { fromContract } from '../test/api-contracts';
import { ada } from '../test/fixtures';
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

  it('answers an unknown address with the not-found page', async () => {
    signedIn();
    renderWithApp(<AppRoutes />, { path: '/no-such-page' });
    expect(await screen.findByText('This page went out of style')).toBeInTheDocument();
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
