import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorState, Loading } from '../../../components/states';
import { useUser } from '../api/get-user';

// Signed-in shoppers never need the form, so it is fetched only for visitors.
const LoginScreen = lazy(() =>
  import('./login-screen').then((module) => ({ default: module.LoginScreen })),
);
const WelcomeScreen = lazy(() =>
  import('./welcome-screen').then((module) => ({ default: module.WelcomeScreen })),
);

/**
 * SPEC's wrapper: until someone is signed in, the welcome page at /home (what Drape is, then log
 * in or register) and the login screen anywhere else; then the page itself for a shopper, and
 * /admin/design for an admin. While the session is checked the frame is already drawn
 * (AppShell) and the page's place holds a placeholder.
 */
export function ProtectedRoute() {
  const { data: user, isPending, isError, refetch } = useUser();
  const { pathname } = useLocation();
  if (isPending) {
    return <Loading label="Checking your session" shape={pathname === '/home' ? 'card' : 'list'} />;
  }
  // A session check that failed after one succeeded (offline, say) keeps the shopper on the page.
  if (isError && !user)
    return <ErrorState message="Is the server running?" onRetry={() => void refetch()} />;
  if (!user?.id) {
    return (
      <Suspense fallback={<Loading />}>
        {pathname === '/home' ? <WelcomeScreen /> : <LoginScreen />}
      </Suspense>
    );
  }
  // An admin has no shopper frame (no bars, no way out): their place is the design area.
  if (user.isAdmin) return <Navigate to="/admin/design" replace />;
  return <Outlet />;
}
