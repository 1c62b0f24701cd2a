import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import fs from 'node:fs';
import { pino } from 'pino';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { testConfig, type Config } from '../config';
import type { Database, Db } from '../db/types';
import { users } from '../db/schema';
import { testPasswordHash } from './password-hash';
import { openTestDatabase } from './database';
import { openTestLog } from './log-secrets';
import { openJobQueue, startBackgroundWork, type BackgroundJob, type BackgroundWork } from '../jobs/background-work';
import type { RoleId } from '../../contract/access';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Payload = InjectOptions['payload'];

/** A browser-like client: keeps the session cookie and sends the CSRF token and X-Requested-With like the SPA does. */
export class Agent {
  private cookies = new Map<string, string>();
  csrfToken = '';

  /** `remoteAddress`: the client address the app sees (127.0.0.1 unless given). */
  constructor(
    private readonly app: FastifyInstance,
    private readonly remoteAddress?: string,
  ) {}

  async request(
    method: Method,
    url: string,
    payload?: Payload,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      method,
      url,
      payload,
      ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        ...(this.csrfToken ? { 'x-csrf-token': this.csrfToken } : {}),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...headers,
      },
    });
    for (const c of res.cookies) this.cookies.set(c.name, c.value);
    return res;
  }

  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, payload?: Payload, headers?: Record<string, string>) =>
    this.request('POST', url, payload ?? {}, headers);
  put = (url: string, payload?: Payload, headers?: Record<string, string>) =>
    this.request('PUT', url, payload ?? {}, headers);
  patch = (url: string, payload?: Payload, headers?: Record<string, string>) =>
    this.request('PATCH', url, payload ?? {}, headers);
  delete = (url: string, headers?: Record<string, string>) => this.request('DELETE', url, undefined, headers);

  /** The same browser, its cookies and CSRF token, talking to another app (a restored database, another instance). */
  at(app: FastifyInstance): Agent {
    const agent = new Agent(app, this.remoteAddress);
    agent.cookies = new Map(this.cookies);
    agent.csrfToken = this.csrfToken;
    return agent;
  }

  /** Loads a page, as a browser would, and keeps the CSRF token from its meta tag. */
  async loadPage(url = '/admin/login'): Promise<LightMyRequestResponse> {
    const res = await this.request('GET', url, undefined, { 'x-requested-with': '', accept: 'text/html' });
    const token = /<meta name="csrf-token" content="([^"]+)">/.exec(res.body)?.[1];
    if (token) this.csrfToken = token;
    return res;
  }
}

/** A staff account for a test; an Administrator unless a role is given. */
export interface StaffOptions {
  role?: RoleId;
  isRep?: boolean;
  canForceCreate?: boolean;
  name?: string;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  /** A client with a CSRF token but no session. */
  guest(): Promise<Agent>;
  /** Creates a staff user and returns a signed-in client for it. */
  signIn(options?: StaffOptions): Promise<Agent & { user: TestUser }>;
  createUser(options?: StaffOptions): Promise<TestUser>;
  /** The job queue and its work, when the test gave its own jobs. */
  background?: BackgroundWork;
  close(): Promise<void>;
}

let userSeq = 0;
let shell: string | undefined;

/** A minimal built SPA, so page requests (and their CSRF meta tag) work without a Vite build. */
export function spaShell(): string {
  if (shell) return shell;
  shell = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-spa-'));
  fs.mkdirSync(path.join(shell, 'assets'));
  fs.writeFileSync(
    path.join(shell, 'index.html'),
    '<!doctype html><html><head><title>Back office</title></head><body><div id="root"></div></body></html>',
  );
  return shell;
}

export async function createStaffUser(db: Db, options: StaffOptions = {}): Promise<TestUser> {
  userSeq += 1;
  const email = `staff${userSeq}.${process.pid}.${Date.now()}@example.com`;
  const password = 'correct horse battery';
  const [row] = await db
    .insert(users)
    .values({
      email,
      name: options.name ?? `Staff ${userSeq}`,
      passwordHash: await testPasswordHash(password),
      role: options.role ?? 'administrator',
      isRep: options.isRep ?? false,
      canForceCreate: options.canForceCreate ?? false,
    })
    .returning({ id: users.id });
  return { id: row!.id, email, password };
}

/** Signs the user in through the login call, as the SPA does, and returns the client holding the session. */
export async function signedInAgent(app: FastifyInstance, user: TestUser): Promise<Agent & { user: TestUser }> {
  const agent = new Agent(app);
  await agent.loadPage();
  const res = await agent.post('/admin/login', { email: user.email, password: user.password });
  if (res.statusCode !== 200) throw new Error(`sign-in failed in test setup: ${res.statusCode} ${res.body}`);
  agent.csrfToken = res.json<{ csrfToken: string }>().csrfToken;
  return Object.assign(agent, { user });
}

/** The app on a fresh database, as tests use it through `inject`. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  opts: { webDir?: string; now?: () => number; jobs?: (database: Database) => BackgroundJob[] } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  // Logged as in production, to a file: closing the app checks that no secret it handed out reached the log.
  const log = openTestLog();
  const config = testConfig({ LOGIN_RATE_LIMIT: 1000, LOG_LEVEL: 'info', ...overrides });
  // A test's own jobs, on a queue that looks for runs every half second, with no schedule running.
  const quiet = pino({ level: 'silent' });
  const background =
    opts.jobs &&
    (await startBackgroundWork(await openJobQueue(database, quiet, { pollSeconds: 0.5 }), database, opts.jobs(database), {
      timeZone: config.BUSINESS_TIMEZONE,
      log: quiet,
      runSchedules: false,
    }));
  const app = await buildApp(config, {
    database,
    webDir: opts.webDir ?? spaShell(),
    now: opts.now,
    logStream: log.stream,
    background,
  });
  log.watch(app);
  await app.ready();

  const createUser: TestApp['createUser'] = (options) => createStaffUser(database.db, options);

  const guest = async () => {
    const agent = new Agent(app);
    await agent.loadPage();
    return agent;
  };

  return {
    app,
    db: database.db,
    database,
    guest,
    createUser,
    async signIn(options) {
      return signedInAgent(app, await createUser(options));
    },
    background,
    async close() {
      await app.close();
      await background?.close();
      await database.close();
      log.checkNoSecrets();
    },
  };
}
