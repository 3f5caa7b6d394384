import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LOGIN_MESSAGES, loginErrorMessage, useLogin } from '../api/login';

/** Username and password; SPEC's exact messages for empty fields and failures. */
export function LoginForm({
  onSignedIn,
  showRegisterLink = true,
}: {
  onSignedIn?: () => void;
  showRegisterLink?: boolean;
}) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const login = useLogin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setMessage(LOGIN_MESSAGES.empty);
      return;
    }
    setMessage(null);
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: () => onSignedIn?.(),
        onError: (error) => setMessage(loginErrorMessage(error)),
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
        autoFocus
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
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
