import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '../../contracts/user';
import { mockApi, renderWithApp } from '../test/render';
import { AppRoutes } from './router';

const shopper: User = {
  id: 7,
  username: 'ada',
  firstName: 'Ada',
  lastName: null,
  email: null,
  isAdmin: false,
};

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
    let answer: (response: Response) => void = () => {};
    globalThis.fetch = ((input: RequestInfo | URL) =>
      String(input) === '/api/user'
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : Promise.resolve(
            new Response(JSON.stringify({ lines: [], units: 0 }), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            }),
          )) as typeof fetch;
    renderWithApp(<AppRoutes />, { path: '/home' });
    // Before the server has said who this is: the header and the tab bar, and a placeholder.
    expect(screen.getByRole('link', { name: 'Drape home' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
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
