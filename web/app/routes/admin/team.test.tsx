import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../../contracts/user';
import { userQueryOptions } from '../../../features/auth/api/get-user';
import { ada } from '../../../test/fixtures';
import { mockApi, renderWithApp } from '../../../test/render';
import TeamRoute from './team';

const grace: User = { ...ada, id: 1, username: 'grace', firstName: 'Grace', isAdmin: true };
const mira: User = {
  id: 2,
  username: 'mira',
  firstName: 'Mira',
  lastName: 'Sol',
  email: 'mira@example.com',
  isAdmin: true,
};
const password = 'correct-horse-battery';

async function fillIn(username: string) {
  await userEvent.type(screen.getByLabelText(/^Username/), username);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.type(screen.getByLabelText(/^First Name/), 'Mira');
  await userEvent.type(screen.getByLabelText(/^Last Name/), 'Sol');
  await userEvent.type(screen.getByLabelText(/^Email/), 'mira@example.com');
}

describe('/admin/team', () => {
  it('adds an administrator as the signed-in admin, without signing in as them', async () => {
    let answer: (value: [number, unknown]) => void = () => {};
    const calls = mockApi((method, url) => {
      if (url === '/api/user') return [200, grace];
      if (method === 'POST' && url === '/api/user/register') {
        return new Promise((resolve) => {
          answer = resolve;
        });
      }
      // What the server would answer, were the screen to sign in as the new account.
      if (method === 'POST' && url === '/api/user/login') return [200, mira];
      return [404, { error: { code: 'not_found', message: `${method} ${url}` } }];
    });
    const { queryClient } = renderWithApp(<TeamRoute />, { path: '/admin/team' });
    expect(screen.getByRole('heading', { name: 'Add an administrator', level: 1 })).toBeVisible();
    await screen.findByText('grace');
    // The live region is there, empty, before anything is added: its message will be heard.
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await fillIn('mira');
    await userEvent.click(screen.getByRole('button', { name: 'Add administrator' }));

    // One request while it is on its way: the button waits with it.
    const waiting = await screen.findByRole('button', { name: /^Creating/ });
    expect(waiting).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(waiting);
    answer([201, mira]);

    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Add administrator|^Creating/ })).toHaveAttribute(
        'aria-disabled',
        'false',
      ),
    );
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.url)).toEqual(['/api/user/register']);
    expect(posts[0]!.body).toEqual({
      username: 'mira',
      password,
      firstName: 'Mira',
      lastName: 'Sol',
      email: 'mira@example.com',
      isAdmin: true,
    });
    // The admin is still themselves, and the form is empty for the next colleague.
    expect(screen.getByRole('status')).toHaveTextContent('mira can now sign in at /admin');
    expect(queryClient.getQueryData(userQueryOptions.queryKey)).toEqual(grace);
    expect(within(screen.getByRole('banner')).getByText('grace')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Username/)).toHaveValue('');
    expect(screen.getByLabelText(/^Username/)).toHaveFocus();
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Add administrator' })).toBeEnabled();
  });

  it('says a taken username beside the field, and keeps what was typed', async () => {
    const taken = 'The username "mira" is already taken. Choose another.';
    const calls = mockApi((method, url) => {
      if (url === '/api/user') return [200, grace];
      if (method === 'POST' && url === '/api/user/register') {
        return [
          409,
          { error: { code: 'username_taken', message: taken, fields: { username: taken } } },
        ];
      }
      return [404, { error: { code: 'not_found', message: `${method} ${url}` } }];
    });
    renderWithApp(<TeamRoute />, { path: '/admin/team' });
    await fillIn('mira');
    await userEvent.click(screen.getByRole('button', { name: 'Add administrator' }));

    const username = screen.getByLabelText(/^Username/);
    await waitFor(() => expect(username).toHaveAccessibleDescription(taken));
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveValue('mira');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(calls.some((c) => c.url === '/api/user/login')).toBe(false);
  });
});
