import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { type InitialEntry, MemoryRouter, useNavigate } from 'react-router';
import { AppProvider, createQueryClient } from '../app/provider';
import { Themed } from '../app/themed';
import { contractProblem } from './api-contracts';

/**
 * Renders a component inside the app's providers, MUI's theme (which the app's pages bring with
 * them) and a memory router at `path` (the last of several: the history before it), which may
 * carry the state a link gave it.
 */
export function renderWithApp(
  element: ReactElement,
  { path = '/' }: { path?: InitialEntry | InitialEntry[] } = {},
) {
  const queryClient = createQueryClient();
  // The app's own defaults (what stays fresh, offline behaviour), without retries.
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return {
    queryClient,
    ...render(
      <AppProvider queryClient={queryClient}>
        <MemoryRouter initialEntries={Array.isArray(path) ? path : [path]} initialIndex={Infinity}>
          <Themed>{element}</Themed>
        </MemoryRouter>
      </AppProvider>,
    ),
  };
}

/** The browser's Back, as a button a test can press (a memory router has no toolbar). */
export function BrowserBack() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Browser back
    </button>
  );
}

/** Fake answers that did not match their route's contract, reported after each test. */
export const contractProblems: string[] = [];

/**
 * Replaces fetch with a function of (method, url, body) → [status, json], or a promise of it for
 * an answer that comes when the test lets it. Every answer is checked against its route's
 * contract (web/lib/api-contracts.ts): one that does not fit fails the test, even where the
 * screen would have coped with it.
 */
export function mockApi(
  handler: (
    method: string,
    url: string,
    body: unknown,
  ) => [number, unknown] | Promise<[number, unknown]>,
) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const url = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const [status, json] = await handler(method, url, body);
    const problem = contractProblem(method, url, status, json);
    if (problem) contractProblems.push(problem);
    return new Response(json === undefined ? '' : JSON.stringify(json), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return calls;
}
