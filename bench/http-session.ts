import { performance } from 'node:perf_hooks';

/** A browser-like client: keeps cookies and the CSRF token, signs in through the login form's API. */
export class Session {
  private cookies = new Map<string, string>();
  private token = '';
  constructor(readonly base: string) {}

  private keep(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }

  private headers(): Record<string, string> {
    return {
      'x-requested-with': 'XMLHttpRequest',
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...(this.token ? { 'x-csrf-token': this.token } : {}),
    };
  }

  async signIn(email: string, password: string) {
    const page = await fetch(`${this.base}/admin/login`, { headers: { accept: 'text/html' } });
    this.keep(page);
    this.token = /<meta name="csrf-token" content="([^"]+)">/.exec(await page.text())?.[1] ?? '';
    const res = await fetch(`${this.base}/admin/login`, {
      method: 'POST',
      headers: { ...this.headers(), 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (res.status !== 200) throw new Error(`bench sign-in answered ${res.status}: ${await res.text()}`);
    this.keep(res);
    this.token = ((await res.json()) as { csrfToken: string }).csrfToken;
  }

  /** A GET with the session, its body left to the caller. */
  fetch(url: string): Promise<Response> {
    return fetch(`${this.base}${url}`, { headers: this.headers() });
  }

  /** Status and milliseconds of one GET, body read to the end. */
  async get(url: string): Promise<{ status: number; ms: number }> {
    const start = performance.now();
    try {
      const res = await fetch(`${this.base}${url}`, { headers: this.headers() });
      await res.arrayBuffer();
      return { status: res.status, ms: performance.now() - start };
    } catch {
      return { status: 0, ms: performance.now() - start };
    }
  }
}
