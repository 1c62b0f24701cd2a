import type { z } from 'zod';
import type { Access } from './access';
import type { Topic } from './topics';

/**
 * The endpoint table: every HTTP call is declared once, here in the contract. The server registers its
 * route from the declaration (src/server/http/route.ts), the web calls it through `api()` and the query and
 * mutation hooks (src/web/lib/api.ts), and OpenAPI is generated from it.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Declared {
  /** Route pattern, `:name` for a path parameter. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer's schema; none means 204 No Content. */
  response?: z.ZodType;
  /** Status of a success with a body (200 unless said). */
  status?: 200 | 201;
  /** Who may call it (src/contract/access.ts). */
  access: Access;
  /** One line for the API documentation. */
  summary: string;
}

/** A read declares the data sets its answer comes from: a change to any of them makes a kept answer stale. */
export interface ReadEndpoint extends Declared {
  method: 'GET';
  reads: readonly Topic[];
  changes?: never;
  removes?: never;
  idempotent?: never;
}

/** A write declares the data sets it changes (an empty list when it changes nothing a read returns). */
export interface WriteEndpoint extends Declared {
  method: Exclude<HttpMethod, 'GET'>;
  changes: readonly Topic[];
  /**
   * The record its path parameters name is deleted: a kept answer about that record (same parameters, reading
   * this topic) is only marked stale, as asking for it again would answer 404.
   */
  removes?: Topic;
  /** A create a client may send again: it honours `Idempotency-Key` (src/contract/idempotency.ts, ADR 045). */
  idempotent?: true;
  reads?: never;
}

export type Endpoint = ReadEndpoint | WriteEndpoint;

/** Declares an endpoint, keeping its literal types so clients and handlers are typed by it. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

type Field<E, K extends string> = E extends { [P in K]: infer S extends z.ZodType } ? S : never;

/** What a caller passes: the schema's input (ids as number or digits, dates as text). */
export type ParamsIn<E extends Endpoint> = z.input<Field<E, 'params'>>;
export type QueryIn<E extends Endpoint> = z.input<Field<E, 'query'>>;
export type BodyIn<E extends Endpoint> = z.input<Field<E, 'body'>>;
/** What a handler receives: the schema's output, validated. */
export type ParamsOut<E extends Endpoint> = z.output<Field<E, 'params'>>;
export type QueryOut<E extends Endpoint> = z.output<Field<E, 'query'>>;
export type BodyOut<E extends Endpoint> = z.output<Field<E, 'body'>>;
export type ResponseOf<E extends Endpoint> = E extends { response: infer S extends z.ZodType } ? z.output<S> : void;

/** The arguments of a call, each present exactly when the endpoint declares it. */
export type CallInput<E extends Endpoint> = (E extends { params: z.ZodType } ? { params: ParamsIn<E> } : unknown) &
  (E extends { query: z.ZodType } ? { query?: QueryIn<E> } : unknown) &
  (E extends { body: z.ZodType } ? { body: BodyIn<E> } : unknown);

/** A path pattern with each `:name` replaced by the encoded value of that parameter. */
export function fillPath(pattern: string, params?: Record<string, unknown>): string {
  return pattern.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`${pattern}: missing :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The path of a call. */
export const pathOf = (e: Endpoint, params?: Record<string, unknown>) => fillPath(e.path, params);

/**
 * The URL of a call: the path with its parameters, then the query (empty values left out), in the query's key
 * order. The web app's calls and the GETs a page's HTML makes ahead of them (ADR 041) are built by it alike, so an
 * answer asked for ahead is found by its URL.
 */
export function urlOf(e: Endpoint, input: { params?: unknown; query?: unknown } = {}): string {
  const path = pathOf(e, input.params as Record<string, unknown> | undefined);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value])
      if (item !== undefined && item !== null && item !== '') search.append(key, String(item));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
