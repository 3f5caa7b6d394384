// First, before any module builds a schema.
import '../contracts/zod-setup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider, createQueryClient, trackConnection } from './app/provider';
import { AppRoutes } from './app/router';
import { userQueryOptions } from './features/auth/api/get-user';
import { feedOutbox } from './features/feed/api/feed-outbox';
import { fetchFirstPageEarly } from './features/feed/api/get-feed';
import { checkAnswersWith } from './lib/api-client';
import { openOfflineDb } from './lib/offline/offline-db';
import { registerServiceWorker } from './lib/offline/register-service-worker';

// In development every API answer is checked against its contract (web/lib/api-contracts.ts).
if (import.meta.env.DEV)
  checkAnswersWith(import('./lib/api-contracts').then((m) => m.answerProblem));

/** The longest the first render waits for the swipe screen's first answers and typefaces. */
const FIRST_RENDER_WAIT_MS = 400;

/**
 * The swipe screen's two typefaces (the page preloads their Latin files). Laid out before they
 * are ready, the screen is set in fallback fonts, which the browser must look up among the
 * system's, and then laid out again when they arrive.
 */
const FIRST_SCREEN_FONTS = ['1em "Inter Variable"', '1em "DM Serif Display"'];

trackConnection();
const queryClient = createQueryClient();
// Opened while the session is checked: the outbox is read from it right after.
void openOfflineDb();

/**
 * The swipe screen needs the shopper, the first page of outfits (which the page's response has
 * the browser fetching already: preloads) and the shopper's changes still waiting to be sent
 * (read from IndexedDB). All are asked for before React starts, and the first render waits a
 * moment for them, so it shows cards, not two loading states in turn.
 */
async function swipeScreenAnswers() {
  const user = await queryClient.fetchQuery(userQueryOptions);
  if (user)
    await Promise.all([fetchFirstPageEarly().catch(() => undefined), feedOutbox(user.id).ready]);
}

const fontsReady = () => Promise.all(FIRST_SCREEN_FONTS.map((font) => document.fonts.load(font)));

registerServiceWorker();

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProvider>
    </StrictMode>,
  );
}

if (window.location.pathname === '/home') {
  const wait = new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS));
  // A failure here is left to the screens, which ask again and show it.
  const ready = Promise.all([swipeScreenAnswers(), fontsReady()]).catch(() => undefined);
  void Promise.race([ready, wait]).then(render);
} else {
  render();
}
