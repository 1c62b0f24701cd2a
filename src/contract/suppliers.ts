import { z } from './zod';
import { endpoint } from './endpoint';
import { csvFile, pageOf, pageQuery, sortParam } from './pagination';
import { id, searchText, text } from './primitives';

export const BILLING_CYCLES = ['30 Day', 'Calendar Month', 'Quarterly', 'Annual'] as const;
export const FREQUENCIES = ['Monthly', 'Per Renewal'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];
export type Frequency = (typeof FREQUENCIES)[number];
/** §3: the form speaks '1' and '0'. */
export type Prorates = '1' | '0';

export interface SupplierTerms {
  prorates: Prorates;
  frequency: Frequency;
  billingCycle: BillingCycle;
}

export const RULE_MESSAGES = {
  thirtyDayProrates: 'A supplier on a 30 Day billing cycle cannot prorate.',
  thirtyDayFrequency: 'The frequency of a 30 Day billing cycle is Per Renewal.',
  proratesFrequency: 'The frequency of a prorating supplier is Monthly.',
} as const;

/** §4: frequency is locked when the cycle is 30 Day or the supplier prorates. */
export const isFrequencyLocked = (terms: Pick<SupplierTerms, 'prorates' | 'billingCycle'>) =>
  terms.billingCycle === '30 Day' || terms.prorates === '1';

/**
 * The supplier rules of §4, applied to what was just chosen: a 30 Day cycle forces prorates '0' and frequency
 * 'Per Renewal'; prorates '1' forces 'Monthly'. The form calls it on every change.
 */
export function applySupplierRules(terms: SupplierTerms): SupplierTerms {
  if (terms.billingCycle === '30 Day') return { ...terms, prorates: '0', frequency: 'Per Renewal' };
  if (terms.prorates === '1') return { ...terms, frequency: 'Monthly' };
  return terms;
}

/** The combinations §4 forbids, by field; the server refuses them so no client can store one. */
export function supplierRuleErrors(terms: SupplierTerms): Partial<Record<keyof SupplierTerms, string>> {
  const errors: Partial<Record<keyof SupplierTerms, string>> = {};
  if (terms.billingCycle === '30 Day') {
    if (terms.prorates === '1') errors.prorates = RULE_MESSAGES.thirtyDayProrates;
    if (terms.frequency !== 'Per Renewal') errors.frequency = RULE_MESSAGES.thirtyDayFrequency;
  } else if (terms.prorates === '1' && terms.frequency !== 'Monthly')
    errors.frequency = RULE_MESSAGES.proratesFrequency;
  return errors;
}

/** A missing choice says so; a wrong one says what is allowed. */
const choiceError = (field: string, allowed: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === ''
    ? `The ${field} field is required.`
    : `The ${field} must be ${allowed}.`;

/** Text that may be left out: blank, null or nothing is stored as null. */
const optionalText = (label: string, max: number) =>
  text({ label, max, required: false })
    .nullish()
    .transform((value) => value || null);

export const supplierBody = z
  .strictObject({
    name: text({ label: 'name', max: 120 }),
    contactName: optionalText('contact name', 120),
    contactEmail: optionalText('contact email', 254).pipe(
      z.email('The contact email must be a valid email address.').nullable(),
    ),
    contactPhone: optionalText('contact phone', 40),
    prorates: z.enum(['1', '0'], { error: choiceError('prorates', '1 or 0') }),
    supplierReport: z.boolean({ error: choiceError('supplier report', 'true or false') }),
    frequency: z.enum(FREQUENCIES, { error: choiceError('frequency', `one of: ${FREQUENCIES.join(', ')}`) }),
    billingCycle: z.enum(BILLING_CYCLES, {
      error: choiceError('billing cycle', `one of: ${BILLING_CYCLES.join(', ')}`),
    }),
  })
  .superRefine((body, ctx) => {
    for (const [field, message] of Object.entries(supplierRuleErrors(body)))
      ctx.addIssue({ code: 'custom', path: [field], message });
  });
export type SupplierBody = z.input<typeof supplierBody>;
export type SupplierInput = z.output<typeof supplierBody>;

export const supplier = z.object({
  id: z.number(),
  name: z.string(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  prorates: z.enum(['1', '0']),
  supplierReport: z.boolean(),
  frequency: z.enum(FREQUENCIES),
  billingCycle: z.enum(BILLING_CYCLES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Supplier = z.infer<typeof supplier>;

export const supplierName = z.object({ id: z.number(), name: z.string() });

export const supplierListQuery = pageQuery.extend({
  q: searchText(100, 'q').default(''),
  sort: sortParam(['createdAt', 'name'], '-createdAt'),
});
export type SupplierListQuery = z.output<typeof supplierListQuery>;

export const SUPPLIER_NAME_TAKEN = 'The name has already been taken.';

const supplierIdParams = z.object({ id: id() });

export const supplierEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/api/suppliers',
    query: supplierListQuery,
    response: pageOf(supplier),
    access: 'suppliers.view',
    reads: ['suppliers'],
    summary: 'A page of suppliers, newest first, optionally searched by name, contact name or e-mail.',
  }),
  export: endpoint({
    method: 'GET',
    path: '/admin/api/suppliers/export.csv',
    query: supplierListQuery,
    response: csvFile,
    access: 'suppliers.view',
    reads: ['suppliers'],
    summary:
      "Every supplier the list's search finds, with contact and billing terms, as CSV (paging fields are ignored).",
  }),
  names: endpoint({
    method: 'GET',
    path: '/admin/api/suppliers/names',
    response: z.array(supplierName),
    access: 'suppliers.view',
    reads: ['suppliers'],
    summary: "Every supplier's id and name, by name: what filters and charts named after suppliers need.",
  }),
  detail: endpoint({
    method: 'GET',
    path: '/admin/api/suppliers/:id',
    params: supplierIdParams,
    response: supplier,
    access: 'suppliers.view',
    reads: ['suppliers'],
    summary: 'One supplier with its contact and billing terms.',
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/api/suppliers',
    body: supplierBody,
    response: supplier,
    status: 201,
    access: 'suppliers.manage',
    changes: ['suppliers', 'audit'],
    summary: 'Adds a supplier; its name is unique regardless of case and its terms follow the §4 rules.',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/api/suppliers/:id',
    params: supplierIdParams,
    body: supplierBody,
    response: supplier,
    access: 'suppliers.manage',
    changes: ['suppliers', 'audit'],
    summary: "Changes a supplier's name, contact and billing terms (the §4 rules apply).",
  }),
};
