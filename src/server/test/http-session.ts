import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** Connections kept open between a load's requests, as a browser keeps them. */
const keepAlive = new http.Agent({ keepAlive: true });

/** The CSRF token a page of the app carries for its scripts, or '' when it carries none. */
export const csrfTokenOf = (html: string) => /<meta name="csrf-token" content="([^"]+)">/.exec(html)?.[1] ?? '';

/** What a browser keeps between requests: its cookies and the CSRF token the page gave it. */
interface Jar {
  cookies: Map<string, string>;
  token: string;
}

/**
 * A browser-like client over HTTP: keeps cookies and the CSRF token, signs in through the login form's API.
 * `at(base)` is the same browser talking to another instance behind the same load balancer.
 */
export class Session {
  constructor(
    readonly base: string,
    private readonly jar: Jar = { cookies: new Map(), token: '' },
  ) {}

  at(base: string): Session {
    return new Session(base, this.jar);
  }

  cookie(name: string): string | undefined {
    return this.jar.cookies.get(name);
  }

  private keep(res: Response) {
    this.keepCookies(res.headers.getSetCookie());
  }

  private keepCookies(setCookies: string[]) {
    for (const c of setCookies) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      this.jar.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }

  private headers(): Record<string, string> {
    return {
      'x-requested-with': 'XMLHttpRequest',
      cookie: [...this.jar.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...(this.jar.token ? { 'x-csrf-token': this.jar.token } : {}),
    };
  }

  /** Loads the login page (cookies and token), then posts the credentials; answers the sign-in's response. */
  async trySignIn(email: string, password: string): Promise<Response> {
    const page = await fetch(`${this.base}/admin/login`, { headers: { accept: 'text/html' } });
    this.keep(page);
    this.jar.token = csrfTokenOf(await page.text());
    const res = await this.request('POST', '/admin/login', { email, password });
    if (res.status === 200) this.jar.token = ((await res.clone().json()) as { csrfToken: string }).csrfToken;
    return res;
  }

  async signIn(email: string, password: string) {
    const res = await this.trySignIn(email, password);
    if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  }

  /** A request with the session (and a JSON body when given), its cookies kept, its body left to the caller. */
  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const res = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        ...this.headers(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    this.keep(res);
    return res;
  }

  /**
   * A request over node:http through `agent`: a load balancer's connections to one instance, which it can close as
   * their requests finish when it takes the instance out. Answers the status and the body's text, cookies kept.
   */
  send(method: string, url: string, body: unknown, agent: http.Agent): Promise<{ status: number; text: string }> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${this.base}${url}`,
        {
          method,
          agent,
          headers: { ...this.headers(), ...(payload ? { 'content-type': 'application/json' } : {}) },
        },
        (res) => {
          this.keepCookies(res.headers['set-cookie'] ?? []);
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** A GET with the session (and any other headers), its body left to the caller. */
  fetch(url: string, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(`${this.base}${url}`, { headers: { ...this.headers(), ...headers } });
  }

  /**
   * Status and milliseconds of one GET, the body received to its end but not decoded: what a load generator needs,
   * at a fraction of fetch's cost in the client (which shares the machine with the server under load).
   */
  get(url: string): Promise<{ status: number; ms: number }> {
    const start = performance.now();
    return new Promise((resolve) => {
      const done = (status: number) => resolve({ status, ms: performance.now() - start });
      http
        .get(
          `${this.base}${url}`,
          { agent: keepAlive, headers: { ...this.headers(), 'accept-encoding': 'gzip, deflate, br' } },
          (res) => {
            res.on('data', () => {});
            res.on('end', () => done(res.statusCode ?? 0));
            res.on('error', () => done(0));
          },
        )
        .on('error', () => done(0));
    });
  }
}
