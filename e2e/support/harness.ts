import {
  chromium,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
  type Request,
} from 'playwright-core';
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
    await context.addInitScript(followReactRoots, REACT_ROOTS);
    const page = await context.newPage();
    watchRequests(page);
    return page;
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

/** The requests a page of `newPage` has made, and those of them not yet answered in full or failed. */
interface Requests {
  started: number;
  open: Set<Request>;
  /** Called, and emptied, whenever no request is left open. */
  whenNoneOpen: (() => void)[];
}
const requestsOf = new WeakMap<Page, Requests>();

function watchRequests(page: Page): void {
  const requests: Requests = { started: 0, open: new Set(), whenNoneOpen: [] };
  const settled = (request: Request) => {
    requests.open.delete(request);
    if (!requests.open.size) requests.whenNoneOpen.splice(0).forEach((resume) => resume());
  };
  page.on('request', (request) => {
    requests.started++;
    requests.open.add(request);
  });
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  requestsOf.set(page, requests);
}

/** Resolves once every request the page has made so far is answered in full (or failed). */
async function noRequestOpen(requests: Requests, timeoutMs: number): Promise<void> {
  if (!requests.open.size) return;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      new Promise<void>((resume) => requests.whenNoneOpen.push(resume)),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const urls = [...requests.open].map((request) => `${request.method()} ${request.url()}`);
          reject(new Error(`Requests still unanswered after ${timeoutMs} ms: ${urls.join(', ')}`));
        }, timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Where each page keeps the React roots it has drawn (`followReactRoots`). */
const REACT_ROOTS = '__e2eReactRoots';

/**
 * Runs in each page before its own scripts, in the place of React's developer tools, which React tells of each root
 * it commits: `pageShown` reads from a root whether React has any render left to do. An update is waiting to be
 * drawn; a suspended part whose code or data has come is shown, as React shows one, up to 300 ms after the last
 * fallback; a hidden part (a folded list's filters) is drawn after the rest.
 */
function followReactRoots(key: string) {
  const roots = new Set<unknown>();
  Object.assign(window, {
    [key]: roots,
    __REACT_DEVTOOLS_GLOBAL_HOOK__: {
      supportsFiber: true,
      inject: () => 1,
      onCommitFiberRoot: (_renderer: number, root: unknown) => void roots.add(root),
      onCommitFiberUnmount: () => {},
      onPostCommitFiberRoot: () => {},
    },
  });
}

/**
 * What the app shows while something is on its way. A busy region (`aria-busy`: a table, a list's cards, a map, a
 * chart's card not yet drawn) is being filled wherever it is on the page. A spinner (a page's or a section's
 * "Loading…", a chart being drawn, a map's markers), a skeleton (the dashboard's figures, a filter's name) or a
 * "Loading…" status (the HTML's own first frame) is waited for inside the window: one further down may wait to be
 * scrolled to (the dashboard's lower charts ask for their data only then), as it does for the user.
 */
const LOADING = {
  busy: '[aria-busy="true"]',
  inWindow: '.mantine-Loader-root, .mantine-Skeleton-root[data-visible]',
  status: '[role="status"]',
};

/**
 * Runs in the page: resolves with null once, `rounds` times in a row, a frame was drawn and the page then went idle
 * (what the frame queued has run: a query enabled by another's answer, a chart come within reach of the window, has
 * started its request) with no loading indicator shown and no render left to React; after `timeoutMs`, with what
 * is still unfinished.
 */
function quietRounds({
  selectors,
  reactRoots,
  rounds,
  timeoutMs,
}: {
  selectors: typeof LOADING;
  reactRoots: string;
  rounds: number;
  timeoutMs: number;
}) {
  // A root's lanes are the renders React has yet to finish, none once all is drawn.
  const roots = (window as unknown as Record<string, Set<{ pendingLanes: number }> | undefined>)[reactRoots];
  const renderPending = () => [...(roots ?? [])].some((root) => root.pendingLanes !== 0);
  const inWindow = (element: Element) => {
    const box = element.getBoundingClientRect();
    return (
      box.width > 0 &&
      box.height > 0 &&
      box.bottom > 0 &&
      box.right > 0 &&
      box.top < window.innerHeight &&
      box.left < window.innerWidth &&
      element.checkVisibility({ visibilityProperty: true })
    );
  };
  const loadingShown = () =>
    document.querySelector(selectors.busy) ??
    [...document.querySelectorAll(selectors.inWindow)].find(inWindow) ??
    [...document.querySelectorAll(selectors.status)].find((s) => s.textContent?.includes('Loading') && inWindow(s));
  const start = performance.now();
  return new Promise<string | null>((resolve) => {
    let quiet = 0;
    const nextRound = () => requestAnimationFrame(() => requestIdleCallback(look, { timeout: 1000 }));
    const look = (idle: IdleDeadline) => {
      const loading = loadingShown();
      const rendering = renderPending();
      quiet = loading || rendering || idle.didTimeout ? 0 : quiet + 1;
      if (quiet >= rounds) return resolve(null);
      if (performance.now() - start > timeoutMs)
        return resolve(
          loading
            ? `it still shows ${loading.outerHTML.slice(0, 300)}`
            : rendering
              ? 'React has not finished rendering it'
              : 'it never went idle',
        );
      nextRound();
    };
    nextRound();
  });
}

/**
 * Waits until the page (opened with `newPage` or `signedInPage`) shows its content as its user waits for it: its
 * heading drawn, every request it has made answered, no loading indicator left, and React done rendering what came.
 * The checks are made again until no request has started while they were made (an answer can start others). No
 * silence is waited out: `waitForLoadState('networkidle')` waited 500 ms after each page's last answer.
 */
export async function pageShown(page: Page, timeoutMs = 30_000): Promise<void> {
  const requests = requestsOf.get(page);
  if (!requests) throw new Error('pageShown follows only the requests of a page opened with newPage.');
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: timeoutMs });
  for (;;) {
    await noRequestOpen(requests, timeoutMs);
    const started = requests.started;
    // Two rounds: what one frame draws in place of an indicator, and starts, is seen in the next.
    const unsettled = await page.evaluate(quietRounds, {
      selectors: LOADING,
      reactRoots: REACT_ROOTS,
      rounds: 2,
      timeoutMs,
    });
    if (unsettled) throw new Error(`${page.url()} is not shown after ${timeoutMs} ms: ${unsettled}`);
    if (requests.started === started) return;
  }
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
