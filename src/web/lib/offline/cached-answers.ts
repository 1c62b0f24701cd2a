/**
 * What the service worker keeps of the server's answers (vite.config.ts builds its routes from here), and how the
 * page forgets them: at sign-out and when the session ends, so a shared phone shows nothing of the last user.
 */

/** The pages a field rep opens, as last served (their HTML carries the session's CSRF token). */
export const PAGES_CACHE = 'pages';
/** The answers those pages draw from: who is signed in, the visit form's options, their visits, the map data. */
export const ANSWERS_CACHE = 'answers';

/**
 * Same-origin GETs whose last answer is kept for offline use, matched on the whole URL as Workbox does; exports are
 * not kept (they are downloads).
 */
export const OFFLINE_ANSWERS =
  /^https?:\/\/[^/]+\/admin\/(api\/(me|prospects(\/(?!export\.csv)[^?]*)?|maps\/[^?]*)|map-data)(\?|$)/;

/** Drops every kept page and answer (the app's own code stays: it holds no one's data). */
export async function forgetCachedAnswers(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all([caches.delete(PAGES_CACHE), caches.delete(ANSWERS_CACHE)]);
}
