import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CartSchema } from '../../contracts/cart';
import { FeedPageSchema } from '../../contracts/feed';
import { UserSchema } from '../../contracts/user';
import { fromContract } from '../test/api-contracts';
import { ada } from '../test/fixtures';
import { mockApi, renderWithApp } from '../test/render';
import { AppRoutes } from './router';

const shopper = fromContract(UserSchema, ada);

const noOutfits = fromContract(FeedPageSchema, { outfits: [], hasMore: false });

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

/** A visitor's API: no session; anything else is not found. */
function visitor() {
  mockApi((method, url) => {
    if (url === '/api/user') return [401, { error: { code: 'unauthorized', message: 'no' } }];
    return [404, { error: { code: 'not_found', message: `${method} ${url}` } }];
  });
}

describe('the first screens', () => {
  it('greets a visitor at /home with what Drape is, pictures of a look, then log in or register', async () => {
    visitor();
    renderWithApp(<AppRoutes />, { path: '/home' });
    expect(
      await screen.findByRole('heading', { name: 'Welcome to Drape', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
    const look = screen.getByRole('group', { name: 'A look from the shop' });
    const pictures = within(look).getAllByRole('img');
    expect(pictures).toHaveLength(5);
    for (const picture of pictures) {
      expect(picture.getAttribute('src')).toMatch(/^\/images\/items\/[a-z-]+\/[a-z-]+\.webp$/);
      expect(picture).toHaveAccessibleName();
    }
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/registration',
    );
    expect(screen.getByRole('form', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
  });

  it('asks a visitor to log in on any other page, without the welcome', async () => {
    visitor();
    renderWithApp(<AppRoutes />, { path: '/orders' });
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome to Drape' })).toBeNull();
  });

  it('draws the frame at once while the session is checked, with a shaped placeholder', async () => {
    mockApi((method, url) => {
      if (url === '/api/cart') return [200, emptyCart];
      if (url.startsWith('/api/outfit/home')) return [200, noOutfits];
      return [404, { error: { code: 'not_found', message: `${method} ${url}` } }];
    });
    // The session check alone waits until the test answers it.
    const api = globalThis.fetch;
    let answer: (response: Response) => void = () => {};
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === '/api/user'
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : api(input, init)) as typeof fetch;
    renderWithApp(<AppRoutes />, { path: '/home' });
    // Before the server has said who this is: the header and the tab bar, and a placeholder.
    expect(screen.getByRole('link', { name: 'Drape home' })).toBeInTheDocument();
    // The tab bar and the wide screens' header both carry the sections; the stylesheet shows one.
    const navs = screen.getAllByRole('navigation', { name: 'Main' });
    expect(navs).toHaveLength(2);
    for (const nav of navs) {
      expect(within(nav).getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/search');
    }
    expect(screen.getByRole('progressbar', { name: 'Checking your session' })).toBeInTheDocument();
    answer(
      new Response(JSON.stringify(shopper), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Discover' })).toBeInTheDocument();
  });
});
