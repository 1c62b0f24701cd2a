import { chromium, type APIRequestContext, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createTestApp, type StaffOptions, type TestApp, type TestUser } from '../../src/server/test/app';
import { freePort } from '../../src/server/test/free-port';
import { csrfTokenOf } from '../../src/server/test/http-session';
import type { Config } from '../../src/server/config';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-dev-shm-usage',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export interface E2E extends TestApp {
  baseUrl: string;
  browser: Browser;
  /**
   * A fresh browser context (own cookies) at the given window size. The service worker is blocked unless a journey
   * of the installable app asks for it: a page's requests then all reach `page.route`, none answered from its caches.
   */
  newPage(viewport?: { width: number; height: number }, serviceWorkers?: 'allow' | 'block'): Promise<Page>;
  /**
   * Creates a staff user (an Administrator unless a role is given), signs in as the login form does and opens `at`
   * (the app's landing, which sends each role on to its first page, unless a page is given).
   */
  signedInPage(
    options?: StaffOptions & {
      viewport?: { width: number; height: number };
      serviceWorkers?: 'allow' | 'block';
      at?: string;
    },
  ): Promise<{ page: Page; user: TestUser }>;
}

/**
 * The real server on a free port, over a fresh database, serving the SPA that scripts/e2e.mjs built,
 * and a headless Chromium. Tests create their data with the server factories on `db`; `config` overrides settings.
 */
export async function startE2E(
  config: Partial<Config> = {},
  opts: Pick<NonNullable<Parameters<typeof createTestApp>[1]>, 'jobs'> = {},
): Promise<E2E> {
  const webDir = process.env.E2E_WEB_DIR;
  if (!webDir) throw new Error('E2E_WEB_DIR is not set: run e2e tests with "npm run test:e2e".');
  // The port is chosen first: links in e-mails are built from PUBLIC_URL, which the app reads when it is built.
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ PUBLIC_URL: baseUrl, ...config }, { webDir, ...opts });
  await t.app.listen({ host: '127.0.0.1', port });
  const browser = await launchBrowser();
  const contexts: BrowserContext[] = [];

  const newPage: E2E['newPage'] = async (viewport = { width: 1280, height: 900 }, serviceWorkers = 'block') => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport, serviceWorkers });
    contexts.push(context);
    return context.newPage();
  };

  return {
    ...t,
    baseUrl,
    browser,
    newPage,
    async signedInPage(options = {}) {
      const user = await t.createUser(options);
      const page = await newPage(options.viewport, options.serviceWorkers);
      // Through the form's own request, not its page: journeys about signing in use the form (auth.e2e.ts), the
      // others start where they act instead of loading the login page and the landing page before it.
      await signInOverHttp(page.request, user);
      await page.goto(options.at ?? '/admin');
      // A role without the dashboard (a field rep) is sent on to its first page at once.
      await page.waitForURL((url) => url.pathname !== '/admin/login');
      return { page, user };
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
      await t.close();
    },
  };
}

/** Signs in as the login form does: the page's CSRF token, then the credentials; the cookies go to the context. */
async function signInOverHttp(request: APIRequestContext, user: TestUser): Promise<void> {
  const login = await request.get('/admin/login', { headers: { accept: 'text/html' } });
  const token = csrfTokenOf(await login.text());
  if (!token) throw new Error('The login page carries no CSRF token.');
  const res = await request.post('/admin/login', {
    data: { email: user.email, password: user.password },
    headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
  });
  if (!res.ok()) throw new Error(`Sign-in answered ${res.status()}: ${await res.text()}`);
}

/** Signs in on the sign-in page the browser shows, and waits until the app has left it. */
export async function signInOnLoginPage(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // A role without the dashboard (a field rep) is sent on to its first page at once.
  await page.waitForURL((url) => url.pathname !== '/admin/login');
}

/** Whether the app's sidebar shows any part of itself: collapsed, it is slid off-screen to the left. */
export async function sidebarOnScreen(page: Page): Promise<boolean> {
  const box = await page.getByRole('navigation', { name: 'Main navigation' }).boundingBox();
  return !!box && box.x + box.width > 0;
}

/**
 * Runs `look` with the page in the light and then the dark scheme, switched as the system setting switches it (the
 * app follows it live), once the colours' transition has ended: a journey walked once per width is seen in both.
 */
export async function inEachScheme(page: Page, look: (scheme: 'light' | 'dark') => Promise<void>): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await page.waitForFunction((s) => document.documentElement.dataset.mantineColorScheme === s, scheme);
    await page.waitForFunction(() => !document.getAnimations().some((a) => a instanceof CSSTransition));
    await look(scheme);
  }
}

/** The window widths and colour schemes a journey is seen at: a desktop and a phone, light and dark. */
export const WIDTHS_AND_SCHEMES = [
  [1280, 'light'],
  [1280, 'dark'],
  [375, 'light'],
  [375, 'dark'],
] as const;
