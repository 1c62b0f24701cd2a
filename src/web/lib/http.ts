/**
 * The one HTTP client of the web app. Every call sends the page's CSRF token and X-Requested-With,
 * and every failure becomes an HttpError carrying the server's message and errors (map or list).
 */
import { LOGIN_PAGE } from '../../contract/pages';
import type { HttpMethod } from '../../contract/endpoint';
import type { ServerErrorBody } from '../../contract/errors';
import { takeEarlyAnswer } from './early';
import { forgetCachedAnswers } from './offline/cached-answers';
import { noteSessionEnded, SESSION_ENDED } from './session-ended';

/** A call was answered 401: the page is on its way to the sign-in page. */
let leavingForSignIn = false;

/** What a user is asked to quote about a server error: it finds that request's lines in the server's log. */
export const referenceNote = (reference: string) => `Quote this reference: ${reference}`;

/** A message and, after it, the note of its reference. */
export const withReference = (message: string, reference: string) =>
  `${/[.!?]$/.test(message) ? message : `${message}.`} ${referenceNote(reference)}`;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Field errors of a form (422) or the errors list of an action. */
    readonly errors: Record<string, string[]> | string[] = [],
    /** A server error's request id (5xx), which the user can quote. */
    readonly reference: string | null = null,
  ) {
    super(message);
  }

  /** Field errors, when the server answered with a map. */
  get fieldErrors(): Record<string, string[]> {
    return Array.isArray(this.errors) ? {} : this.errors;
  }

  /**
   * What §8 shows in an alert: the first entry of the errors list, else the message; for a server error, with its
   * reference to quote. Every toast, form and list shows a failure through this.
   */
  get firstError(): string {
    const first = (Array.isArray(this.errors) ? this.errors[0] : Object.values(this.errors)[0]?.[0]) ?? this.message;
    return this.reference ? withReference(first, this.reference) : first;
  }
}

/** What a call may add: a signal to abort it, the Idempotency-Key of a create that may be sent again (ADR 045). */
export interface CallInit {
  signal?: AbortSignal;
  idempotencyKey?: string;
}

let token: string | null | undefined;

export function csrfToken(): string | null {
  if (token === undefined) {
    token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? null;
    if (!token) console.error('CSRF token not found: state-changing requests will be refused.');
  }
  return token;
}

/** After sign-in the server hands out a token for the new session. */
export function setCsrfToken(value: string) {
  token = value;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]');
  if (meta) meta.content = value;
}

function hasFile(value: unknown): boolean {
  if (value instanceof Blob) return true;
  if (Array.isArray(value)) return value.some(hasFile);
  return !!value && typeof value === 'object' && Object.values(value).some(hasFile);
}

/** Payloads holding a file go as multipart; nested keys become `a[b]`, as classic forms send them. */
export function toFormData(data: Record<string, unknown>, form = new FormData(), prefix = ''): FormData {
  for (const [key, value] of Object.entries(data)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(name, value);
    else if (typeof value === 'object') toFormData(value as Record<string, unknown>, form, name);
    else form.append(name, String(value));
  }
  return form;
}

/**
 * One call's answer: `url` already holds the path and query; `data` is the body (JSON, or multipart when it holds
 * a file). A refused answer is thrown as an HttpError, and a 401 leads to the sign-in page.
 */
async function send(
  method: HttpMethod,
  url: string,
  data?: unknown,
  init: CallInit & { accept?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    Accept: init.accept ?? 'application/json',
  };
  const tokenValue = csrfToken();
  if (tokenValue) headers['X-CSRF-TOKEN'] = tokenValue;
  if (init.idempotencyKey) headers['Idempotency-Key'] = init.idempotencyKey;
  let body: BodyInit | undefined;
  if (data !== undefined) {
    if (hasFile(data)) body = toFormData(data as Record<string, unknown>);
    else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(data);
    }
  }
  let res: Response;
  try {
    // The page's HTML may have asked already, before this code arrived (ADR 041).
    res = await ((method === 'GET' && takeEarlyAnswer(url)) ||
      fetch(url, { method, headers, body, credentials: 'same-origin', signal: init.signal }));
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new HttpError(0, 'The server could not be reached. Check your connection and try again.');
  }
  if (res.status === 401) {
    // What the service worker kept of this user's answers goes with the session; the outbox stays for them. Once:
    // each call answered 401 after the first would start the same navigation again and cut the one under way.
    if (!leavingForSignIn) {
      leavingForSignIn = true;
      noteSessionEnded();
      void forgetCachedAnswers().finally(() => window.location.assign(LOGIN_PAGE));
    }
    throw new HttpError(401, SESSION_ENDED);
  }
  if (!res.ok) {
    const text = await res.text();
    const payload = ((text ? safeJson(text) : undefined) ?? {}) as {
      message?: string;
      errors?: Record<string, string[]> | string[];
      reference?: ServerErrorBody['reference'];
    };
    const message =
      res.status === 419
        ? 'Your page has expired. Reload the page and try again.'
        : (payload.message ?? `Request failed (${res.status}).`);
    // A server error names its request; should the body not say (an HTML page on the way), its header does.
    const reference = res.status >= 500 ? (payload.reference ?? res.headers.get('x-request-id')) : null;
    throw new HttpError(res.status, message, payload.errors ?? [], reference || null);
  }
  return res;
}

/** One call answered in JSON (or nothing, 204). */
export async function request<T>(method: HttpMethod, url: string, data?: unknown, init: CallInit = {}): Promise<T> {
  const res = await send(method, url, data, init);
  const text = res.status === 204 ? '' : await res.text();
  return (text ? safeJson(text) : undefined) as T;
}

/** A download, its body read as it arrives (a CSV export); refused like any call, before its first byte. */
export const download = (url: string, init: { signal?: AbortSignal } = {}): Promise<Response> =>
  send('GET', url, undefined, { ...init, accept: 'text/csv, application/json' });

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
