import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ada } from '../../../test/fixtures';
import { mockApi, renderWithApp } from '../../../test/render';
import { REGISTER_MESSAGES } from '../api/register';
import { LoginForm } from './login-form';
import { RegistrationForm } from './registration-form';

/** The server's answer to a registration whose e-mail is not an address. */
const EMAIL_REFUSED: [number, unknown] = [
  400,
  {
    error: {
      code: 'validation_failed',
      message: 'Invalid body: email Email must be a valid address',
      fields: { email: 'Email must be a valid address' },
    },
  },
];

describe('LoginForm', () => {
  it('asks for both fields without calling the server', async () => {
    const calls = mockApi(() => [500, undefined]);
    renderWithApp(<LoginForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Enter your username and password!')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the mismatch message on 401', async () => {
    mockApi(() => [401, { error: { code: 'unauthorized', message: 'no' } }]);
    renderWithApp(<LoginForm />);
    await userEvent.type(screen.getByLabelText('Username'), 'ivy');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-one');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(
      await screen.findByText("Oops! The username and password didn't match. Try again!"),
    ).toBeInTheDocument();
  });

  it('shows the server-down message on any other failure', async () => {
    mockApi(() => [503, { error: { code: 'unavailable', message: 'down' } }]);
    renderWithApp(<LoginForm />);
    await userEvent.type(screen.getByLabelText('Username'), 'ivy');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever-it-is');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(
      await screen.findByText('Oops! Something went wrong! Is the server running?'),
    ).toBeInTheDocument();
  });

  it('sends the credentials and reports success', async () => {
    const calls = mockApi(() => [
      200,
      { id: 7, username: 'ivy', firstName: null, lastName: null, email: null, isAdmin: false },
    ]);
    let signedIn = false;
    renderWithApp(<LoginForm onSignedIn={() => (signedIn = true)} />);
    await userEvent.type(screen.getByLabelText('Username'), ' ivy ');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(signedIn).toBe(true));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/user/login',
      body: { username: 'ivy', password: 'secret-pass' },
    });
  });
});

describe('RegistrationForm', () => {
  it('asks for a username and password first', async () => {
    const calls = mockApi(() => [500, undefined]);
    renderWithApp(<RegistrationForm onRegistered={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Choose a username and password!')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the taken-username message on a conflict', async () => {
    mockApi(() => [409, { error: { code: 'conflict', message: 'taken' } }]);
    renderWithApp(<RegistrationForm onRegistered={() => {}} />);
    await userEvent.type(screen.getByLabelText(/Username/), 'ivy');
    await userEvent.type(screen.getByLabelText(/Password/), 'long-enough-pw');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText(
        "Oops! That didn't work. The username might already be taken. Try again!",
      ),
    ).toBeInTheDocument();
  });

  it('says a taken username beside the username field', async () => {
    const taken = 'The username "ivy" is already taken. Choose another.';
    mockApi(() => [
      409,
      { error: { code: 'username_taken', message: taken, fields: { username: taken } } },
    ]);
    renderWithApp(<RegistrationForm onRegistered={() => {}} />);
    await userEvent.type(screen.getByLabelText(/Username/), 'ivy');
    await userEvent.type(screen.getByLabelText(/Password/), 'long-enough-pw');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    const username = screen.getByLabelText(/Username/);
    await waitFor(() => expect(username).toHaveAccessibleDescription(taken));
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names each problem beside its field in a plain sentence, before and from the server', async () => {
    const calls = mockApi(() => EMAIL_REFUSED);
    renderWithApp(<RegistrationForm onRegistered={() => {}} />);
    await userEvent.type(screen.getByLabelText(/Username/), 'ivy');
    await userEvent.type(screen.getByLabelText(/Password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    // The contract's rule, checked in the form: nothing is sent yet.
    expect(screen.getByLabelText(/Password/)).toHaveAccessibleDescription(
      'Password must be at least 8 characters',
    );
    expect(calls).toHaveLength(0);

    await userEvent.type(screen.getByLabelText(/Password/), '-now-long');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(
        'Email must be a valid address',
      ),
    );
    expect(screen.queryByText(/Invalid body/)).toBeNull();
  });

  it('takes the keyboard to the first field in error, before and from the server', async () => {
    mockApi(() => EMAIL_REFUSED);
    renderWithApp(<RegistrationForm onRegistered={() => {}} />);
    await userEvent.type(screen.getByLabelText(/Username/), 'i');
    await userEvent.type(screen.getByLabelText(/Password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByLabelText(/Username/)).toHaveFocus();
    expect(screen.getByLabelText(/Username/)).toHaveAccessibleDescription(
      'Username must be at least 3 characters',
    );

    await userEvent.type(screen.getByLabelText(/Username/), 'vy');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByLabelText(/Password/)).toHaveFocus();

    await userEvent.type(screen.getByLabelText(/Password/), '-now-long');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveFocus());
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(
      'Email must be a valid address',
    );
  });

  it('keeps the keyboard on Register while it works and after a refusal, sending once', async () => {
    let answer: (value: [number, unknown]) => void = () => {};
    const calls = mockApi(() => new Promise((resolve) => (answer = resolve)));
    renderWithApp(<RegistrationForm onRegistered={() => {}} />);
    await userEvent.type(screen.getByLabelText(/Username/), 'ivy');
    await userEvent.type(screen.getByLabelText(/Password/), 'long-enough-password');
    const register = screen.getByRole('button', { name: 'Register' });
    register.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(register).toHaveAttribute('aria-disabled', 'true'));
    expect(register).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(calls).toHaveLength(1);

    answer([500, { error: { code: 'internal', message: 'Something went wrong on our side.' } }]);
    expect(await screen.findByText(REGISTER_MESSAGES.failed)).toBeInTheDocument();
    expect(register).toHaveFocus();
    expect(register).toHaveAttribute('aria-disabled', 'false');
  });

  it('marks as required only what registration needs: a username and a password', async () => {
    renderWithApp(<RegistrationForm onRegistered={() => {}} />);
    expect(screen.getByRole('textbox', { name: /Username/ })).toBeRequired();
    expect(screen.getByLabelText(/Password/)).toBeRequired();
    for (const name of [/First Name/, /Last Name/, /Email/]) {
      expect(screen.getByRole('textbox', { name })).not.toBeRequired();
    }
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription(
      'Where order confirmations go',
    );
  });

  it('registers, then signs in with the same credentials', async () => {
    const user = {
      id: 9,
      username: 'ivy',
      firstName: 'Ivy',
      lastName: null,
      email: null,
      isAdmin: false,
    };
    const calls = mockApi((_m, url) => (url.endsWith('/register') ? [201, user] : [200, user]));
    let done = false;
    renderWithApp(<RegistrationForm onRegistered={() => (done = true)} />);
    await userEvent.type(screen.getByLabelText(/Username/), 'ivy');
    await userEvent.type(screen.getByLabelText(/Password/), 'long-enough-pw');
    await userEvent.type(screen.getByLabelText(/First Name/), 'Ivy');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(done).toBe(true));
    expect(calls.map((c) => c.url)).toEqual(['/api/user/register', '/api/user/login']);
    expect(calls[0]!.body).toMatchObject({
      username: 'ivy',
      password: 'long-enough-pw',
      firstName: 'Ivy',
      isAdmin: false,
    });
    expect(calls[1]!.body).toEqual({ username: 'ivy', password: 'long-enough-pw' });
  });

  it('says the account exists when signing in after it failed', async () => {
    const ivy = { ...ada, id: 9, username: 'ivy' };
    const calls = mockApi((_m, url) =>
      url.endsWith('/register')
        ? [201, ivy]
        : [
            429,
            {
              error: {
                code: 'rate_limited',
                message: 'Too many sign-in attempts. Wait a minute and try again.',
              },
            },
          ],
    );
    let done = false;
    renderWithApp(<RegistrationForm onRegistered={() => (done = true)} />);
    await userEvent.type(screen.getByLabelText(/Username/), 'ivy');
    await userEvent.type(screen.getByLabelText(/Password/), 'long-enough-pw');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${REGISTER_MESSAGES.created} Too many sign-in attempts.`,
    );
    expect(screen.queryByText(/might already be taken/)).toBeNull();
    expect(done).toBe(false);
    expect(calls.map((c) => c.url)).toEqual(['/api/user/register', '/api/user/login']);
  });
});
