/*
 * Page addresses the server itself serves or links to. Kept apart from the endpoint schemas, so the web app's
 * first download (its router) needs no zod.
 */

/** The sign-in page; its form posts to the same address (a classic form post works without the SPA). */
export const LOGIN_PAGE = '/admin/login';

/** Where an invitation or reset link lets a staff member choose a password. */
export const SET_PASSWORD_PAGE = '/admin/set-password';
