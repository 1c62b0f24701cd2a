import { z } from 'zod';
import {
  PROSPECT_ACTIONS,
  PROSPECT_ACTION_WITHOUT_SPEED_TEST,
  SPEED_TEST_READINGS,
  TOPOGRAPHIES,
  CARRIERS,
} from './business';
import { pageQuery } from './pagination';
import { US_STATES } from './us-states';

export const prospectPaths = {
  store: '/admin/prospects',
  list: '/admin/api/prospects',
  show: '/admin/api/prospects/:id',
  showOf: (id: number) => `/admin/api/prospects/${id}`,
  formOptions: '/admin/api/prospects/form-options',
} as const;

export const MAX_SPEED_MBPS = 10_000;
export const OTHER_TOPOGRAPHY_ID = TOPOGRAPHIES.find((t) => t.isOther)!.id;

const actionIds: readonly number[] = PROSPECT_ACTIONS.map((a) => a.id);
const topographyIds: readonly number[] = TOPOGRAPHIES.map((t) => t.id);
const stateCodes: readonly string[] = US_STATES.map((s) => s.code);

/** Whether the speed tests are shown, and so required, for the chosen action (§4). */
export const takesSpeedTests = (actionId: number | null | undefined) =>
  actionId != null && actionId !== PROSPECT_ACTION_WITHOUT_SPEED_TEST;

/** Whether the sub-select 'Additional Info' is shown: the chosen action's id or parent_id is 2 (§4). */
export function showsAdditionalInfo(actionId: number | null | undefined): boolean {
  const action = PROSPECT_ACTIONS.find((a) => a.id === actionId);
  return !!action && (action.id === 2 || action.parentId === 2);
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

const text = (field: string, max: number) =>
  z
    .string({ error: `The ${field} must be text.` })
    .trim()
    .max(max, `The ${field} may not be longer than ${max} characters.`);
const requiredText = (field: string, max: number) =>
  z
    .string({ error: `The ${field} field is required.` })
    .trim()
    .min(1, `The ${field} field is required.`)
    .max(max, `The ${field} may not be longer than ${max} characters.`);
const optionalText = (field: string, max: number) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : v), text(field, max)).transform((v) => v || null);

/** An id from a select: a positive whole number, sent as a number or a numeric string; blank is null. */
const optionalId = (field: string) =>
  z.preprocess(
    (v) => (blank(v) ? null : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: `The ${field} must be a number.` })
      .int(`The ${field} must be a whole number.`)
      .positive(`The ${field} is invalid.`)
      .nullable(),
  );

/** A 0/1 switch (§3); true/false and '0'/'1' are accepted as well. */
const flag = (field: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? 0 : v === true || v === '1' ? 1 : v === false || v === '0' ? 0 : v),
    z.union([z.literal(0), z.literal(1)], { error: `The ${field} field must be 0 or 1.` }).transform((v) => v === 1),
  );

/** One speed reading: mbps, 0 means no service. Returns the value or the message of what is wrong with it. */
export function parseReading(v: unknown): number | string {
  if (blank(v)) return 'The speed test reading is required.';
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(n)) return 'The speed test reading must be a number.';
  if (n < 0) return 'The speed test reading must be at least 0.';
  if (n > MAX_SPEED_MBPS) return `The speed test reading may not be greater than ${MAX_SPEED_MBPS}.`;
  return Math.round(n * 100) / 100;
}

const address = z.strictObject(
  {
    address: requiredText('address', 200),
    city: requiredText('city', 100),
    state: z
      .string({ error: 'The state field is required.' })
      .trim()
      .min(1, 'The state field is required.')
      // Blank is reported once, as required (an aborting check would hide the form's other messages).
      .refine((v) => v === '' || stateCodes.includes(v), 'The selected state is invalid.'),
    zip: z
      .string({ error: 'The zip field is required.' })
      .trim()
      .min(1, 'The zip field is required.')
      .regex(/^(\d{5}(-\d{4})?)?$/, 'The zip must be a 5-digit ZIP code (or ZIP+4).'),
  },
  { error: 'The address field is required.' },
);

const location = z
  .object({
    lat: z.number({ error: 'The latitude must be a number.' }).min(-90).max(90),
    lng: z.number({ error: 'The longitude must be a number.' }).min(-180).max(180),
  })
  .nullable()
  .optional()
  .transform((v) => v ?? null);

/**
 * The prospect visit form (§3, §5), the same rules on the client and the server. `canForceCreate` (§6) decides
 * the rep: required for such a user, refused from anyone else (their visits are their own).
 */
export function prospectForm({ canForceCreate }: { canForceCreate: boolean }) {
  return (
    z
      .strictObject({
        rep_id: optionalId('rep'),
        customer_id: optionalId('existing member'),
        name: optionalText('name', 100),
        address,
        new_construction: flag('new construction'),
        prospect_action_id: optionalId('action'),
        action_taken: optionalText('action taken', 500),
        speed_tests: z.unknown().optional(),
        topographies: z
          .preprocess(
            (v) => (v === undefined || v === null ? [] : v),
            z
              .array(optionalId('topography'), { error: 'The topographies must be a list.' })
              .max(topographyIds.length, 'Too many topographies.'),
          )
          .transform((ids) => [...new Set(ids.filter((id): id is number => id !== null))]),
        offered_promotion: flag('offered promotion'),
        comments: optionalText('comments', 2000),
        location,
      })
      // Runs even when other fields failed, so one submit shows every message; the values may then be raw input.
      .superRefine(
        (v, ctx) => {
          const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
          if (canForceCreate && v.rep_id === null) issue(['rep_id'], 'The rep field is required.');
          if (!canForceCreate && v.rep_id !== null && v.rep_id !== undefined)
            issue(['rep_id'], 'The rep field is not allowed.');
          const actionId = v.prospect_action_id;
          if (actionId === null) issue(['prospect_action_id'], 'The action field is required.');
          else if (typeof actionId === 'number' && !actionIds.includes(actionId))
            issue(['prospect_action_id'], 'The selected action is invalid.');
          const chosen = Array.isArray(v.topographies) ? v.topographies : [];
          chosen.forEach((id, i) => {
            if (typeof id === 'number' && !topographyIds.includes(id))
              issue(['topographies', i], 'The selected topography is invalid.');
          });
          if (chosen.includes(OTHER_TOPOGRAPHY_ID) && (typeof v.comments !== 'string' || !v.comments.trim()))
            issue(['comments'], 'The comments field is required when Other topography is chosen.');
          if (typeof actionId !== 'number' || !takesSpeedTests(actionId)) return;
          const tests = v.speed_tests ?? {};
          if (typeof tests !== 'object' || Array.isArray(tests)) {
            issue(['speed_tests'], 'The speed tests field is required.');
            return;
          }
          for (const carrier of CARRIERS) {
            const readings = (tests as Record<string, unknown>)[carrier.id];
            for (let i = 0; i < SPEED_TEST_READINGS; i++) {
              const parsed = parseReading(Array.isArray(readings) ? readings[i] : undefined);
              if (typeof parsed === 'string') issue(['speed_tests', String(carrier.id), i], parsed);
            }
          }
        },
        { when: () => true },
      )
      .transform((v) => ({
        ...v,
        prospect_action_id: v.prospect_action_id!,
        // Readings of an action without speed tests are dropped: the section was hidden.
        speed_tests: takesSpeedTests(v.prospect_action_id)
          ? CARRIERS.map((carrier) => ({
              carrierId: carrier.id,
              readings: ((v.speed_tests as Record<string, unknown[]>)[carrier.id] ?? [])
                .slice(0, SPEED_TEST_READINGS)
                .map((r) => parseReading(r) as number),
            }))
          : [],
      }))
  );
}
export type ProspectFormInput = z.input<ReturnType<typeof prospectForm>>;
export type ProspectFormValues = z.output<ReturnType<typeof prospectForm>>;

export const prospectCreated = z.object({
  id: z.number(),
  /** Where the visit sits on the map: the device's location, its ZIP code's centre, or nowhere (unknown ZIP). */
  locationSource: z.enum(['device', 'zip']).nullable(),
});
export type ProspectCreated = z.infer<typeof prospectCreated>;

export const prospectFormOptions = z.object({
  actionOptions: z.array(z.object({ id: z.number(), parent_id: z.number().nullable(), description: z.string() })),
  carriers: z.array(z.object({ id: z.number(), name: z.string() })),
  topographyOptions: z.array(z.object({ id: z.number(), name: z.string(), isOther: z.boolean() })),
  repOptions: z.array(z.object({ id: z.number(), name: z.string() })),
  canForceCreate: z.boolean().default(false),
  states: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type ProspectFormOptions = z.infer<typeof prospectFormOptions>;

const isoDate = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `The ${field} must be a date (YYYY-MM-DD).`)
    .optional();

export const prospectListQuery = pageQuery.extend({
  q: z.string().trim().max(100, 'The search may not be longer than 100 characters.').optional(),
  repId: z.coerce.number().int().positive().optional(),
  actionId: z.coerce.number().int().positive().optional(),
  converted: z.enum(['yes', 'no'], { error: 'The converted filter must be yes or no.' }).optional(),
  from: isoDate('from date'),
  to: isoDate('to date'),
});
export type ProspectListQuery = z.infer<typeof prospectListQuery>;

export const prospectRow = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  repName: z.string(),
  action: z.string(),
  convertedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ProspectRow = z.infer<typeof prospectRow>;

export const prospectDetail = prospectRow.extend({
  repId: z.number(),
  createdByName: z.string(),
  customer: z.object({ id: z.number(), name: z.string() }).nullable(),
  newConstruction: z.boolean(),
  actionTaken: z.string().nullable(),
  offeredPromotion: z.boolean(),
  comments: z.string().nullable(),
  topographies: z.array(z.string()),
  speedTests: z.array(z.object({ carrierId: z.number(), carrier: z.string(), readings: z.array(z.number()) })),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  locationSource: z.enum(['device', 'zip']).nullable(),
});
export type ProspectDetail = z.infer<typeof prospectDetail>;
