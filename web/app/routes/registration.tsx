import { useNavigate } from 'react-router';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import { RegistrationForm } from '../../features/auth/components/registration-form';

export default function RegistrationRoute() {
  const navigate = useNavigate();
  return (
    <AuthLayout title="Join Drape" subtitle="Create an account to save the looks you love.">
      <RegistrationForm
        onRegistered={() => navigate('/home', { replace: true })}
        onBack={() => navigate('/home')}
      />
    </AuthLayout>
  );
}
