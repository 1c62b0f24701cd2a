/*
 * Page addresses the server itself serves or links to. Kept apart from the endpoint schemas, so the web app's
 * first download (its router) needs no zod.
 */

/** The sign-in page; its form posts to the same address (a classic form post works without the SPA). */
export const LOGIN_PAGE = '/admin/login';

/** Where an invitation or reset link lets a staff member choose a password. */
export const SET_PASSWORD_PAGE = '/admin/set-password';

/** The pages the server's HTML starts ahead (src/server/plugins/page-starts.ts): their code and first answers. */
export const DASHBOARD_PAGE = '/admin';
export const MAP_PAGE = '/admin/map';
export const PROSPECT_MAP_PAGE = '/admin/prospects/map';
export const CUSTOMERS_PAGE = '/admin/customers';

/**
 * The global where the page's HTML leaves the answers it asked for before the app's code loaded, by URL
 * (`Record<string, Promise<Response>>`); the app's HTTP client takes each one once.
 */
export const EARLY_ANSWERS = '__earlyAnswers';

/** Where a person manages their alerts and digest; every such e-mail links to it (ADR 059). */
export const NOTIFICATIONS_PAGE = '/admin/notifications';

/** An e-mail's unsubscribe link: GET shows a button, POST (the button, or a mail client's one click) does it. */
export const UNSUBSCRIBE_PAGE = '/unsubscribe';
