import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { Loading } from '../../components/states';
import { useUser } from '../../features/auth/api/get-user';

const RegistrationRoute = lazy(() => import('./registration'));

/** /registration: signed-in users go home; everyone else gets the form. */
export function RegistrationGate() {
  const { data: user, isPending } = useUser();
  if (isPending) return <Loading />;
  if (user?.id) return <Navigate to="/home" replace />;
  return (
    <Suspense fallback={<Loading />}>
      <RegistrationRoute />
    </Suspense>
  );
}
