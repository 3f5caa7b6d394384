import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../test/render';
import { AdminAuthCard } from './admin-auth-card';

describe('AdminAuthCard', () => {
  it('asks for the registration code when the server requires one, and sends it', async () => {
    const calls = mockApi((method, url) => {
      if (url === '/api/user/register/admin') return [200, { codeRequired: true, open: true }];
      if (method === 'POST' && url === '/api/user/register') {
        return [
          403,
          {
            error: {
              code: 'forbidden',
              message: 'The admin registration code is missing or wrong.',
            },
          },
        ];
      }
      return [404, { error: { code: 'not_found', message: 'no' } }];
    });
    renderWithApp(<AdminAuthCard />, { path: '/admin' });
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    const code = await screen.findByLabelText('Admin registration code');
    await userEvent.type(screen.getByLabelText(/^Username/), 'newadmin');
    await userEvent.type(screen.getByLabelText(/^Password/), 'correct-horse-battery');
    await userEvent.type(code, 'wrong-code-1');
    await userEvent.click(screen.getAllByRole('button', { name: 'Register' }).at(-1)!);
    expect(
      await screen.findByText('The admin registration code is missing or wrong.'),
    ).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.body).toMatchObject({
      username: 'newadmin',
      isAdmin: true,
      adminCode: 'wrong-code-1',
    });
  });

  it('does not ask for a code when none is needed', async () => {
    mockApi(() => [200, { codeRequired: false, open: true }]);
    renderWithApp(<AdminAuthCard />, { path: '/admin' });
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByLabelText(/^Email/);
    expect(screen.queryByLabelText('Admin registration code')).toBeNull();
  });

  it('says registration is closed when a visitor cannot become an admin', async () => {
    mockApi(() => [200, { codeRequired: false, open: false }]);
    renderWithApp(<AdminAuthCard />, { path: '/admin' });
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(screen.getByText(/Admin registration is closed/)).toBeInTheDocument(),
    );
    expect(screen.queryByLabelText(/^Username/)).toBeNull();
  });
});
