import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider, createQueryClient } from './app/provider';
import { createRouter } from './app/router';
import { userQueryOptions } from './features/auth/api/get-user';
import { fetchFirstPageEarly } from './features/feed/api/get-feed';

/** The longest the first render waits for the swipe screen's first answers. */
const FIRST_RENDER_WAIT_MS = 400;

const queryClient = createQueryClient();
const router = createRouter();

/**
 * The swipe screen needs the shopper and the first page of outfits, which the page's response
 * has the browser fetching already (preloads). Both are asked for before React starts, and the
 * first render waits a moment for them, so it shows cards, not two loading states in turn.
 */
async function swipeScreenAnswers() {
  const user = await queryClient.fetchQuery(userQueryOptions);
  if (user) await fetchFirstPageEarly();
}

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}

if (window.location.pathname === '/home') {
  const wait = new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS));
  // A failure here is left to the screens, which ask again and show it.
  void Promise.race([swipeScreenAnswers().catch(() => undefined), wait]).then(render);
} else {
  render();
}
