import { AuthLayout } from './auth-layout';
import { LoginForm } from './login-form';

export function LoginScreen() {
  return (
    <AuthLayout title="Log in to Drape" subtitle="Log in to see this page.">
      <LoginForm />
    </AuthLayout>
  );
}
