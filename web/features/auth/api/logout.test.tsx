import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ada } from '../../../test/fixtures';
import { mockApi, renderWithApp } from '../../../test/render';
import { useUser } from './get-user';
import { LOGOUT_FAILED, useLogout } from './logout';

function Account() {
  const { data: user } = useUser();
  const logout = useLogout();
  return (
    <>
      <p>
        {user === undefined ? 'loading' : user ? `Signed in as ${user.username}` : 'Signed out'}
      </p>
      <button type="button" onClick={() => logout.mutate()}>
        Logout
      </button>
    </>
  );
}

/** Ada's account, whose sign-out the server answers with `answer`. */
function renderAccount(answer: () => [number, unknown]) {
  const calls = mockApi((method, url) => {
    if (url === '/api/user') return [200, ada];
    if (method === 'POST' && url === '/api/user/logout') return answer();
    return [404, { error: { code: 'not_found', message: `${method} ${url}` } }];
  });
  renderWithApp(<Account />);
  return calls;
}

describe('signing out', () => {
  it('forgets the account once the server ended the session', async () => {
    renderAccount(() => [200, { ok: true }]);
    await screen.findByText('Signed in as ada');

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Signed out')).toBeInTheDocument();
  });

  it('stays signed in, and says so, when the server did not end the session', async () => {
    const calls = renderAccount(() => [
      500,
      { error: { code: 'internal', message: 'Something went wrong on our side.' } },
    ]);
    await screen.findByText('Signed in as ada');

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText(LOGOUT_FAILED)).toBeInTheDocument();
    expect(screen.getByText('Signed in as ada')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/user/logout')).toHaveLength(1));
  });
});
