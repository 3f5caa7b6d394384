import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { AppProvider, createQueryClient } from '../app/provider';
import { Themed } from '../app/themed';

/**
 * Renders a component inside the app's providers, MUI's theme (which the app's pages bring with
 * them) and a memory router.
 */
export function renderWithApp(element: ReactElement, { path = '/' }: { path?: string } = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return {
    queryClient,
    ...render(
      <AppProvider queryClient={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Themed>{element}</Themed>
        </MemoryRouter>
      </AppProvider>,
    ),
  };
}

/** Replaces fetch with a function of (method, url, body) → [status, json]. */
export function mockApi(
  handler: (method: string, url: string, body: unknown) => [number, unknown],
) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const url = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const [status, json] = handler(method, url, body);
    return new Response(json === undefined ? '' : JSON.stringify(json), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return calls;
}
