import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino, type DestinationStream } from 'pino';

/** Where each API test app writes its log: kept after the run, for a look at what a test logged. */
const LOG_DIR = path.resolve('.tmp/api-logs');
let logSeq = 0;

/** Secrets shorter than this are not looked for: a 6-digit code could match any number in a log line. */
const MIN_LENGTH = 10;
const EMAIL = /^[^@\s]+@[^@\s]+$/;

/**
 * What the app hands out that must never reach a log, as seen in its answers and the requests it took: cookies
 * (session ids, CSRF secrets, sign-in steps), CSRF tokens, one-time links' tokens, TOTP secrets, recovery codes,
 * and the passwords and codes sent to it.
 */
function secretsOf(text: string, into: Set<string>) {
  const patterns = [
    /"csrfToken":"([^"]+)"/g,
    /<meta name="csrf-token" content="([^"]+)">/g,
    /[?&]token=([A-Za-z0-9_-]+)/g,
    /"secret":"([A-Z2-7]+)"/g,
  ];
  for (const re of patterns) for (const m of text.matchAll(re)) into.add(m[1]!);
  for (const list of text.matchAll(/"recoveryCodes":\[([^\]]*)\]/g))
    for (const code of list[1]!.matchAll(/"([^"]+)"/g)) into.add(code[1]!);
}

const SECRET_FIELDS = ['password', 'currentPassword', 'token', 'code', '_token'];
const CREDENTIAL_ROUTES = /^\/admin\/(login|api\/account\/|api\/set-password)/;

export interface TestLog {
  stream: DestinationStream;
  /** Collects the secrets the app hands out and takes in; call before `ready()`. */
  watch(app: FastifyInstance): void;
  /** Throws when any collected secret appears in the log. */
  checkNoSecrets(): void;
}

export function openTestLog(): TestLog {
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const file = path.join(LOG_DIR, `${process.pid}-${++logSeq}.log`);
  const stream = pino.destination({ dest: file, sync: true });
  const secrets = new Set<string>();
  return {
    stream,
    watch(app) {
      // What a request brought that a real credential call takes, kept if the app accepted it (a fuzzed value,
      // refused, may be any text found anywhere in the log).
      const brought = new WeakMap<object, string[]>();
      app.addHook('preHandler', async (request) => {
        const values: string[] = [];
        const body = request.body as Record<string, unknown> | undefined;
        if (CREDENTIAL_ROUTES.test(request.routeOptions.url ?? '') && body && typeof body === 'object')
          for (const field of SECRET_FIELDS) if (typeof body[field] === 'string') values.push(body[field]);
        const query = request.query as Record<string, unknown> | undefined;
        if (typeof query?.token === 'string') values.push(query.token);
        brought.set(request, values);
      });
      app.addHook('onSend', async (request, reply, payload) => {
        if (reply.statusCode < 400) for (const value of brought.get(request) ?? []) secrets.add(value);
        const cookies = reply.getHeader('set-cookie');
        for (const c of [cookies ?? []].flat()) {
          const value = /^[^=]+=([^;]*)/.exec(String(c))?.[1];
          if (value) secrets.add(decodeURIComponent(value).split('.')[0]!);
        }
        if (typeof payload === 'string') secretsOf(payload, secrets);
        return payload;
      });
    },
    checkNoSecrets() {
      stream.flushSync();
      stream.end();
      const log = fs.readFileSync(file, 'utf8');
      // A test may use an e-mail address as a (refused) password; addresses are logged on purpose.
      const leaked = [...secrets].filter((s) => s.length >= MIN_LENGTH && !EMAIL.test(s) && log.includes(s));
      if (leaked.length)
        throw new Error(
          `${leaked.length} secret(s) the app handed out or took in are in its log ${file}: ${leaked[0]}`,
        );
    },
  };
}
