import '@fontsource/dm-serif-display/400.css';
import '@fontsource-variable/inter';
import './palette.css';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiRequestError } from '../lib/api-client';
import { NotifyProvider } from '../lib/notify';
import { theme } from './theme';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not get better by asking again.
        retry: (count, error) =>
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
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <NotifyProvider>{children}</NotifyProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
