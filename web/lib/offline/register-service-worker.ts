/**
 * Registers the service worker (/sw.js) once the page has loaded, so that what it precaches is
 * downloaded after the first card, never in its way. Without one (an old browser, plain http on
 * a LAN address, the development server) the app works online as before.
 */
export function registerServiceWorker() {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const register = () => {
    // The worker script itself is always asked of the server, so a new version is found on the
    // next visit.
    navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch(() => {
      // Refused (private window, storage off): the app works online as before.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
