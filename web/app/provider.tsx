import '@fontsource/dm-serif-display/400.css';
import '@fontsource-variable/inter';
import './palette.css';
import './baseline.css';
import {
  MutationCache,
  onlineManager,
  QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiRequestError } from '../lib/api-client';
import { NotifyProvider } from '../lib/notify';

/**
 * Starts the queries' idea of the connection from the browser's: it only hears changes, so a page
 * opened offline would not count the connection's return as one, and what failed offline (the
 * session check among it) would not be asked again.
 */
export function trackConnection() {
  onlineManager.setOnline(navigator.onLine);
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Offline, a query fails at once (not paused behind a spinner): the screen shows its
        // offline state in the frame, and the query runs again when the connection is back.
        networkMode: 'always',
        // Which 'always' would otherwise turn off.
        refetchOnReconnect: true,
        // A 4xx will not get better by asking again, nor will anything while offline.
        retry: (count, error) =>
          navigator.onLine &&
          !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) &&
          count < 2,
        refetchOnWindowFocus: false,
      },
    },
    mutationCache: new MutationCache(),
  });
}

export function AppProvider({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient: QueryClient;
}) {
  // MUI's theme is not here: the parts drawn with MUI bring it with them (./themed.tsx).
  return (
    <QueryClientProvider client={queryClient}>
      <NotifyProvider>{children}</NotifyProvider>
    </QueryClientProvider>
  );
}
