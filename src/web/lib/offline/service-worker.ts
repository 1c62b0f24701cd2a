import { Workbox } from 'workbox-window';

/**
 * How long after the page's load the worker is installed. Its install fetches and stores the whole build (about a
 * hundred files, 3.4 MB of script and style) and compiles the scripts for the code cache: begun at the load event,
 * which an app's page reaches long before its charts or map markers are drawn, it took the cores that page was
 * drawing with, and those of a page opened next (ADR 066).
 */
export const INSTALL_DELAY_MS = 3_000;

/**
 * Installs the service worker the build generated (vite.config.ts), which keeps the app and a field rep's pages
 * for offline use: a few seconds after the page has loaded, when the browser is next idle, not while the page's first
 * view is being drawn. Only a built app has one; the dev server's modules change under it.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    // A browser that refuses workers (a private window, a policy) runs the app online only, as before it had one.
    void new Workbox('/admin/sw.js', { scope: '/admin/' }).register({ immediate: true }).catch(() => undefined);
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(register, { timeout: 2_000 }) : register();
  const later = () => setTimeout(whenIdle, INSTALL_DELAY_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
