import { Workbox } from 'workbox-window';

/**
 * Installs the service worker the build generated (vite.config.ts), which keeps the app and a field rep's pages
 * for offline use. Only a built app has one; the dev server's modules change under it.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // A browser that refuses workers (a private window, a policy) runs the app online only, as before it had one.
  new Workbox('/admin/sw.js', { scope: '/admin/' }).register().catch(() => undefined);
}
