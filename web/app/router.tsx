import { type ComponentType, lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { AppShell } from '../components/layout/app-shell';
import { ErrorState, Loading } from '../components/states';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { useOnline } from '../lib/use-online';
import { RouteErrorBoundary } from './route-error';
import HomeRoute from './routes/home';
import { RegistrationGate } from './routes/registration-gate';

type Module = { default: ComponentType };

/**
 * A page that could not be fetched (offline, most often): its place in the frame says so, and
 * it is fetched again once the connection is back or when the shopper asks.
 */
function PageUnavailable({ retry, failedOffline }: { retry: () => void; failedOffline: boolean }) {
  const online = useOnline();
  useEffect(() => {
    // Back online since it failed offline (here or while the shopper was elsewhere): try again.
    if (failedOffline && online) retry();
  }, [failedOffline, online, retry]);
  return <ErrorState message="This page could not be loaded." onRetry={retry} />;
}

/**
 * Each page is its own chunk, loaded when first visited, with MUI's theme around it (the pages
 * are drawn with MUI; the swipe screen and the frame, in the first download, are not). The
 * router moves between locations in a transition, so the page on screen stays there until the
 * next one has loaded; a first visit shows the loading state in the frame. A chunk that fails
 * to load is not remembered as failed: the page is fetched again on retry.
 */
const page = (load: () => Promise<Module>): Pick<RouteObject, 'element'> => {
  const listeners = new Set<() => void>();
  let failedOfflineBefore = false;
  const retry = () => {
    current = fetchPage();
    for (const listener of listeners) listener();
  };
  const fetchPage = () =>
    lazy(async () => {
      try {
        const [{ default: Loaded }, { Themed }] = await Promise.all([load(), import('./themed')]);
        return {
          default: () => (
            <Themed>
              <Loaded />
            </Themed>
          ),
        };
      } catch {
        const failedOffline = !navigator.onLine;
        // Some browsers keep a module fetch that failed for the document's life; once back
        // online, a fresh document is the only way to fetch it again.
        if (failedOfflineBefore && !failedOffline) window.location.reload();
        failedOfflineBefore = failedOffline;
        return { default: () => <PageUnavailable retry={retry} failedOffline={failedOffline} /> };
      }
    });
  let current = fetchPage();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  function Slot() {
    const Page = useSyncExternalStore(subscribe, () => current);
    return <Page />;
  }
  return {
    element: (
      <Suspense fallback={<Loading />}>
        <Slot />
      </Suspense>
    ),
  };
};

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { path: '/', element: <Navigate to="/home" replace /> },
      { path: '/registration', element: <RegistrationGate /> },
      { path: '/admin', ...page(() => import('./routes/admin/admin')) },
      {
        ...page(() => import('./routes/admin/admin-only')),
        children: [
          { path: '/admin/design', ...page(() => import('./routes/admin/design')) },
          {
            path: '/admin/design/outfits',
            ...page(() => import('./routes/admin/design-outfits')),
          },
          { path: '/admin/team', ...page(() => import('./routes/admin/team')) },
        ],
      },
      {
        element: <ProtectedRoute />,
        children: [
          // The landing page of every shopper: part of the first download, not a second round
          // trip after it.
          { path: '/home', Component: HomeRoute },
          { path: '/about', ...page(() => import('./routes/about')) },
          { path: '/user', ...page(() => import('./routes/user')) },
          { path: '/info', ...page(() => import('./routes/info')) },
          { path: '/settings', ...page(() => import('./routes/settings')) },
          {
            path: '/favorites',
            ...page(() => import('./routes/favorites/layout')),
            children: [
              { index: true, element: <Navigate to="/favorites/outfits" replace /> },
              { path: 'outfits', ...page(() => import('./routes/favorites/occasions')) },
              {
                path: 'outfits/:occasionId',
                ...page(() => import('./routes/favorites/occasion-outfits')),
              },
              {
                path: 'outfits/:occasionId/:outfitId/:itemId',
                ...page(() => import('./routes/favorites/item')),
              },
              { path: 'categories', ...page(() => import('./routes/favorites/categories')) },
              { path: 'categories/:name', ...page(() => import('./routes/favorites/category')) },
            ],
          },
          {
            path: '/closet',
            ...page(() => import('./routes/closet/layout')),
            children: [
              { index: true, element: <Navigate to="/closet/occasions" replace /> },
              { path: 'outfits', ...page(() => import('./routes/closet/outfits')) },
              { path: 'occasions', ...page(() => import('./routes/closet/occasions')) },
              { path: 'categories', ...page(() => import('./routes/closet/categories')) },
              {
                path: 'outfits/detailsPage/:id',
                ...page(() => import('./routes/closet/outfit-details')),
              },
              { path: 'categories/:name', ...page(() => import('./routes/closet/category')) },
              { path: ':name/outfits', ...page(() => import('./routes/closet/occasion-outfits')) },
            ],
          },
          { path: '/search', ...page(() => import('./routes/search')) },
          { path: '/cartlanding', ...page(() => import('./routes/cart-landing')) },
          { path: '/cart', ...page(() => import('./routes/cart')) },
          { path: '/payment', ...page(() => import('./routes/payment')) },
          { path: '/shipping', ...page(() => import('./routes/shipping')) },
          { path: '/checkout', ...page(() => import('./routes/checkout')) },
          { path: '/orders', ...page(() => import('./routes/orders')) },
        ],
      },
      { path: '*', ...page(() => import('./routes/not-found')) },
    ],
  },
];

/**
 * The app's screens for the current location. An error a screen throws while rendering shows
 * the error screen in the frame (app-shell.tsx has its own boundary around the page); only an
 * error in the frame itself replaces the app, until the shopper goes somewhere else.
 */
export function AppRoutes() {
  const location = useLocation();
  const screens = useRoutes(routes);
  return <RouteErrorBoundary resetKey={location.key}>{screens}</RouteErrorBoundary>;
}
