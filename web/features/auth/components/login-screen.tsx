import { AuthLayout } from './auth-layout';
import { LoginForm } from './login-form';

export function LoginScreen() {
  return (
    <AuthLayout title="Welcome back" subtitle="Log in to keep swiping.">
      <LoginForm />
    </AuthLayout>
  );
}
