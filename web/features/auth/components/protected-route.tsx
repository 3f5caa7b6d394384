import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { ErrorState, Loading } from '../../../components/states';
import { useUser } from '../api/get-user';

// Signed-in shoppers never need the form, so it is fetched only for visitors.
const LoginScreen = lazy(() =>
  import('./login-screen').then((module) => ({ default: module.LoginScreen })),
);

/** SPEC's wrapper: the login screen until someone is signed in, then the page itself. */
export function ProtectedRoute() {
  const { data: user, isPending, isError, refetch } = useUser();
  if (isPending) return <Loading label="Checking your session" />;
  // A session check that failed after one succeeded (offline, say) keeps the shopper on the page.
  if (isError && !user)
    return <ErrorState message="Is the server running?" onRetry={() => void refetch()} />;
  if (!user?.id) {
    return (
      <Suspense fallback={<Loading />}>
        <LoginScreen />
      </Suspense>
    );
  }
  return <Outlet />;
}
