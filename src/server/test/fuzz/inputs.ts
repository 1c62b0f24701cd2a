import fc from 'fast-check';
import { z } from '../../../contract/zod';
import type { Endpoint } from '../../../contract/endpoint';

/**
 * Inputs for an endpoint, generated from its declared schemas: mostly values of the declared shape (so calls
 * reach the handlers and the database), each field now and then swapped for a hostile value.
 */

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
};

const deep = (levels: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

/** What an attacker sends in place of a field: wrong types, bounds ±1, huge, NUL, surrogates, bidi marks, nesting. */
export const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0.000001,
  2147483647,
  2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  '',
  ' ',
  '0x10',
  '1e3',
  '1_000',
  '+1',
  ' 1',
  '１２',
  '١٢',
  'NaN',
  'Infinity',
  '-0',
  '00000000000000000000000000001',
  'a\u0000b',
  '\u0000',
  '%00',
  '\ud800',
  'x\udc00y',
  '\u202eevil',
  '\u200b',
  'e\u0301',
  'x'.repeat(100_000),
  '2024-02-30',
  '2023-02-29',
  '0000-00-00',
  '10000-01-01',
  '2024-13-01',
  '2024-01-01T25:61:00Z',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  'customer-9999999999',
  'prospect-0',
  [],
  [1, 2, 3],
  {},
  { $gt: '' },
  { __proto__: { polluted: true } },
  deep(60),
];

const hostile = fc.constantFrom(...HOSTILE_VALUES);

function plausible(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => plausible(s, depth + 1)));
  if (schema.allOf?.length) return plausible(schema.allOf[0]!, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = Math.max(schema.minimum ?? 0, -1000);
      const max = Math.min(schema.maximum ?? 60, Math.max(min, 60));
      return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(plausible(schema.items ?? {}, depth + 1), { maxLength: 3 });
    case 'object':
      return objectOf(schema, depth + 1);
    case 'null':
      return fc.constant(null);
    case 'string':
      if (schema.format === 'email') return fc.constantFrom('a@example.com', 'fuzz@example.test');
      if (schema.format === 'date' || schema.pattern?.includes('\\d{4}'))
        return fc.constantFrom('2025-01-31', '2024-02-29');
      return fc.oneof(
        fc.constantFrom('1', '2', '12', 'abc', 'Smith', 'daily', 'monthly', '8901260000000000001'),
        fc.string({ maxLength: Math.min(schema.maxLength ?? 20, 20) }),
      );
    default:
      return fc.oneof(fc.integer({ min: 1, max: 50 }), fc.string({ maxLength: 10 }));
  }
}

/** Each field: usually plausible, sometimes hostile; optional fields sometimes left out; now and then an unknown key. */
function objectOf(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, prop] of Object.entries(props))
    fields[key] = fc.oneof({ weight: 4, arbitrary: plausible(prop, depth) }, { weight: 1, arbitrary: hostile });
  const required = (schema.required ?? []).filter((k) => k in props);
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: required }),
      fc.option(fc.tuple(fc.constantFrom('extra', '_token', '__proto__', 'constructor'), hostile), { freq: 8 }),
    )
    .map(([record, extra]) => (extra ? { ...record, [extra[0]]: extra[1] } : record));
}

const schemaOf = (s: z.ZodType): JsonSchema => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** The params, query and body of one call of the endpoint; a whole part is sometimes replaced by something hostile. */
export function inputsFor(e: Endpoint) {
  const part = (s: z.ZodType | undefined) =>
    s
      ? fc.oneof({ weight: 9, arbitrary: plausible(schemaOf(s)) }, { weight: 1, arbitrary: hostile })
      : fc.constant(undefined);
  return fc.record({ params: part(e.params), query: part(e.query), body: part(e.body) });
}
