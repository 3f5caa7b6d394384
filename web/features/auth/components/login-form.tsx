import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiRequestError } from '../../../lib/api-client';
import { splitFieldErrors } from '../../../lib/field-errors';
import { LOGIN_MESSAGES, loginErrorMessage, useLogin } from '../api/login';

/** Username and password; SPEC's exact messages for empty fields and failures. */
export function LoginForm({
  onSignedIn,
  showRegisterLink = true,
  autoFocus = true,
}: {
  onSignedIn?: () => void;
  showRegisterLink?: boolean;
  /** Off where the form is not the first thing on the page (the welcome page). */
  autoFocus?: boolean;
}) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [fields, setFields] = useState<Partial<Record<'username' | 'password', string>>>({});
  const login = useLogin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setMessage(LOGIN_MESSAGES.empty);
      setFields({
        ...(username.trim() ? {} : { username: 'Enter your username' }),
        ...(password ? {} : { password: 'Enter your password' }),
      });
      return;
    }
    setMessage(null);
    setFields({});
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: () => onSignedIn?.(),
        onError: (error) => {
          if (error instanceof ApiRequestError && error.status === 400) {
            const found = splitFieldErrors(error, ['username', 'password'], LOGIN_MESSAGES.failed);
            setFields(found.fields);
            setMessage(found.message);
          } else if (error instanceof ApiRequestError && error.code === 'rate_limited') {
            setMessage(error.message);
          } else {
            setMessage(loginErrorMessage(error));
          }
        },
      },
    );
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Log in">
      {message && <Alert severity="error">{message}</Alert>}
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={Boolean(fields.username)}
        helperText={fields.username}
        autoFocus={autoFocus}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={Boolean(fields.password)}
        helperText={fields.password}
      />
      <Button type="submit" variant="contained" size="large" disabled={login.isPending}>
        {login.isPending ? 'Logging in…' : 'Log In'}
      </Button>
      {showRegisterLink && (
        <Typography sx={{ textAlign: 'center' }}>
          <Link
            component={RouterLink}
            to="/registration"
            color="secondary"
            sx={{ fontWeight: 600 }}
          >
            New here? Register
          </Link>
        </Typography>
      )}
    </Stack>
  );
}
