import type { LoggerOptions } from 'pino';

/**
 * The one redaction every log line goes through, the app's and the start-up's: secrets never reach a log.
 *
 * - URLs (the request line, and any `url` field a line carries) keep their path and the names of their query
 *   parameters, but the values of those that carry a secret: a set-password link's `token` above all, which
 *   anyone reading the log could otherwise use for 48 hours.
 * - Headers that carry credentials, and the fields of bodies and objects that name a secret, are censored by
 *   pino's `redact` (fast-redact), whatever line logs them.
 */
const SECRET_PARAM = /^(?:_?token|password|current_?password|code|secret|csrf_?token|otp|recovery_?code)$/i;
export const REDACTED = '[redacted]';

const SECRET_FIELDS = [
  'password',
  'currentPassword',
  'newPassword',
  'token',
  '_token',
  'csrfToken',
  'code',
  'secret',
  'totpSecret',
  'recoveryCodes',
  'passwordHash',
];
const SECRET_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`]),
];

function paramName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).trim().replace(/\[.*$/, '');
  } catch {
    // A malformed escape: judged on its raw text, and censored when that is unreadable too.
    return raw.includes('%') ? 'token' : raw;
  }
}

/** The URL with the value of every query parameter that names a secret replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return SECRET_PARAM.test(paramName(name)) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, q)}?${query.join('&')}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Options for every pino logger of the server (Fastify's and the start-up's). */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: SECRET_PATHS, censor: REDACTED },
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: typeof req.url === 'string' ? redactUrl(req.url) : undefined,
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    formatters: {
      log: (line) => (typeof line.url === 'string' ? { ...line, url: redactUrl(line.url) } : line),
    },
  };
}
