import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { RegisterBodySchema, type User } from '../../../../contracts/user';
import { ApiRequestError } from '../../../lib/api-client';
import { issuesByField, splitFieldErrors } from '../../../lib/field-errors';
import { useLogin } from '../api/login';
import { REGISTER_MESSAGES, useRegister } from '../api/register';

export interface RegistrationValues {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
  adminCode?: string;
}

type Field = keyof RegistrationValues;
const FIELDS: readonly Field[] = [
  'username',
  'password',
  'firstName',
  'lastName',
  'email',
  'adminCode',
];

const EMPTY: RegistrationValues = {
  username: '',
  password: '',
  firstName: '',
  lastName: '',
  email: '',
};

/**
 * Shared by shopper and admin registration and by an admin adding a colleague. On success the
 * new account is signed in with the same credentials, as SPEC describes, and onRegistered
 * decides where to go next. With signIn false (an admin adding someone) the caller stays signed
 * in as themselves, and the form empties itself for the next one.
 */
export function RegistrationForm({
  isAdmin = false,
  askAdminCode = false,
  signIn = true,
  onRegistered,
  onBack,
  submitLabel = 'Register',
}: {
  isAdmin?: boolean;
  askAdminCode?: boolean;
  signIn?: boolean;
  onRegistered: (user: User) => void;
  onBack?: () => void;
  submitLabel?: string;
}) {
  const [values, setValues] = useState<RegistrationValues>(EMPTY);
  const [message, setMessage] = useState<string | null>(null);
  const [fields, setFields] = useState<Partial<Record<Field, string>>>({});
  const [signingIn, setSigningIn] = useState(false);
  const usernameInput = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const register = useRegister();
  const login = useLogin();

  const showFieldErrors = (found: Partial<Record<Field, string>>) => {
    // Drawn before the focus moves, so the first field in error is read out with its error.
    flushSync(() => setFields(found));
    const first = FIELDS.find((key) => found[key]);
    if (first) form.current?.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
  };

  const set = (key: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setFields((f) => (f[key] ? { ...f, [key]: undefined } : f));
  };

  const busy = register.isPending || signingIn;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!values.username.trim() || !values.password) {
      setMessage(REGISTER_MESSAGES.empty);
      return;
    }
    setMessage(null);
    // The contract's own rules first, so the usual mistakes are named beside their fields
    // without a round trip; the server checks the same rules again.
    const checked = RegisterBodySchema.safeParse({ ...values, isAdmin });
    if (!checked.success) {
      showFieldErrors(issuesByField<Field>(checked.error.issues));
      return;
    }
    setFields({});
    register.mutate(
      { ...values, username: values.username.trim(), isAdmin },
      {
        onSuccess: async (user) => {
          if (!signIn) {
            setValues(EMPTY);
            // The form is ready for the next one: start it here.
            usernameInput.current?.focus();
            onRegistered(user);
            return;
          }
          setSigningIn(true);
          try {
            await login.mutateAsync({
              username: values.username.trim(),
              password: values.password,
            });
            onRegistered(user);
          } catch (error) {
            // The account exists now: registering again would only say the name is taken.
            const why = error instanceof ApiRequestError ? ` ${error.message}` : '';
            setMessage(`${REGISTER_MESSAGES.created}${why}`);
          } finally {
            setSigningIn(false);
          }
        },
        onError: (error) => {
          // Field problems (a taken username among them) are said beside their fields.
          if (
            error instanceof ApiRequestError &&
            (error.status === 400 || error.code === 'username_taken')
          ) {
            const found = splitFieldErrors(error, FIELDS, REGISTER_MESSAGES.failed);
            setMessage(found.message);
            showFieldErrors(found.fields);
          } else if (error instanceof ApiRequestError && error.status === 403) {
            setMessage(error.message);
          } else {
            setMessage(REGISTER_MESSAGES.failed);
          }
        },
      },
    );
  };

  const pendingLabel = signIn ? 'Creating your account…' : 'Creating the account…';
  // Someone else's details: the browser must not fill in the admin's own, nor save them as theirs.
  const autoComplete = (token: string) => (signIn ? token : 'off');

  const fieldProps = (key: keyof RegistrationValues) => ({
    value: values[key] ?? '',
    onChange: set(key),
    error: Boolean(fields[key]),
    helperText: fields[key],
  });

  return (
    <Stack
      component="form"
      ref={form}
      spacing={2}
      onSubmit={submit}
      noValidate
      aria-label={submitLabel}
    >
      {message && <Alert severity="error">{message}</Alert>}
      <TextField
        label="Username"
        name="username"
        autoComplete={autoComplete('username')}
        required
        inputRef={usernameInput}
        {...fieldProps('username')}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        // Browsers fill no saved password into a new one's field, whoever it is for.
        autoComplete="new-password"
        required
        {...fieldProps('password')}
        helperText={fields.password ?? 'At least 8 characters'}
      />
      {/* Optional, as the contract has them (DESIGN.md: checked only when given), so not starred. */}
      {/* Side by side while each has 140 px; one above the other on a narrower screen. */}
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', '& > *': { flex: '1 1 140px' } }}>
        <TextField
          label="First Name"
          name="firstName"
          autoComplete={autoComplete('given-name')}
          {...fieldProps('firstName')}
        />
        <TextField
          label="Last Name"
          name="lastName"
          autoComplete={autoComplete('family-name')}
          {...fieldProps('lastName')}
        />
      </Stack>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete={autoComplete('email')}
        {...fieldProps('email')}
        helperText={fields.email ?? 'Where order confirmations go'}
      />
      {askAdminCode && (
        <TextField
          label="Admin registration code"
          name="adminCode"
          type="password"
          autoComplete="off"
          {...fieldProps('adminCode')}
          helperText={fields.adminCode ?? 'Ask the shop owner for the code'}
        />
      )}
      {/* Busy, not disabled: disabled, it would drop the keyboard's focus to the page. */}
      <Button type="submit" variant="contained" size="large" aria-disabled={busy} aria-busy={busy}>
        {busy ? pendingLabel : submitLabel}
      </Button>
      {onBack && (
        <Button variant="text" onClick={onBack}>
          Back to Login
        </Button>
      )}
    </Stack>
  );
}
