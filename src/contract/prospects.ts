import { z } from './zod';
import {
  PROSPECT_ACTIONS,
  PROSPECT_ACTION_WITHOUT_SPEED_TEST,
  SPEED_TEST_READINGS,
  TOPOGRAPHIES,
  CARRIERS,
} from './business';
import { endpoint } from './endpoint';
import { csvFile, pageOf, pageQuery, sortParam } from './pagination';
import { calendarDate, decimal, id, searchText, text } from './primitives';
import { US_STATES } from './us-states';

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

const optionalText = (label: string, max: number) =>
  text({ label, max, required: false })
    .nullish()
    .transform((v) => v || null);

/** An id from a select: a number or its digits; blank is null. */
const optionalId = (field: string) =>
  z
    .union([id(), z.literal('')], { error: `The selected ${field} is invalid.` })
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));

/** A 0/1 switch (§3); true/false and '0'/'1' are accepted as well. */
const flag = (field: string) =>
  z
    .union([z.literal([0, 1, '0', '1']), z.boolean()], { error: `The ${field} field must be 0 or 1.` })
    .nullish()
    .transform((v) => v === 1 || v === '1' || v === true);

// Plain notation only (no exponent, hex or spaces); the reading's own bounds give its messages below.
const plainNumber = decimal({ min: -Infinity, max: Infinity, scale: 16 });

/** One speed reading: mbps, 0 means no service. Returns the value or the message of what is wrong with it. */
export function parseReading(v: unknown): number | string {
  if (blank(v)) return 'The speed test reading is required.';
  const parsed = plainNumber.safeParse(v);
  if (!parsed.success) return 'The speed test reading must be a number.';
  const n = parsed.data;
  if (n < 0) return 'The speed test reading must be at least 0.';
  if (n > MAX_SPEED_MBPS) return `The speed test reading may not be greater than ${MAX_SPEED_MBPS}.`;
  return Math.round(n * 100) / 100;
}

const address = z.strictObject(
  {
    address: text({ label: 'address', max: 200 }),
    city: text({ label: 'city', max: 100 }),
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
  .nullish()
  .transform((v) => v ?? null);

/** Readings by carrier id; each is checked by `parseReading` once the action says speed tests are taken. */
const speedTests = z
  .record(z.string(), z.array(z.unknown(), { error: 'The speed test readings must be a list.' }), {
    error: 'The speed tests field is required.',
  })
  .optional();

/**
 * The prospect visit form (§3, §5), the same rules on the client and the server. `canForceCreate` (§6) decides
 * the rep: required for such a user, refused from anyone else (their visits are their own); left out, the rep
 * is not checked, which is the form as declared for everyone (`prospectBody`).
 */
export function prospectForm({ canForceCreate }: { canForceCreate?: boolean } = {}) {
  return (
    z
      .strictObject({
        rep_id: optionalId('rep'),
        customer_id: optionalId('existing member'),
        name: optionalText('name', 100),
        address,
        new_construction: flag('new construction'),
        prospect_action_id: optionalId('action').refine(
          (v) => v === null || actionIds.includes(v),
          'The selected action is invalid.',
        ),
        action_taken: optionalText('action taken', 500),
        speed_tests: speedTests,
        topographies: z
          .array(
            id('The selected topography is invalid.').refine(
              (v) => topographyIds.includes(v),
              'The selected topography is invalid.',
            ),
            { error: 'The topographies must be a list.' },
          )
          .max(topographyIds.length, 'Too many topographies.')
          .nullish()
          .transform((ids) => [...new Set(ids)]),
        offered_promotion: flag('offered promotion'),
        comments: optionalText('comments', 2000),
        location,
      })
      // Runs even when other fields failed, so one submit shows every message; the values may then be raw input.
      .superRefine(
        (v, ctx) => {
          const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
          if (canForceCreate === true && v.rep_id === null) issue(['rep_id'], 'The rep field is required.');
          if (canForceCreate === false && v.rep_id !== null && v.rep_id !== undefined)
            issue(['rep_id'], 'The rep field is not allowed.');
          const actionId = v.prospect_action_id;
          if (actionId === null) issue(['prospect_action_id'], 'The action field is required.');
          const chosen = Array.isArray(v.topographies) ? v.topographies : [];
          if (chosen.includes(OTHER_TOPOGRAPHY_ID) && (typeof v.comments !== 'string' || !v.comments.trim()))
            issue(['comments'], 'The comments field is required when Other topography is chosen.');
          if (typeof actionId !== 'number' || !takesSpeedTests(actionId)) return;
          // A malformed list was already refused by its schema.
          const tests: unknown = v.speed_tests ?? {};
          if (typeof tests !== 'object' || tests === null || Array.isArray(tests)) return;
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
              readings: (v.speed_tests?.[carrier.id] ?? [])
                .slice(0, SPEED_TEST_READINGS)
                .map((r) => parseReading(r) as number),
            }))
          : [],
      }))
  );
}

/** The form as declared: every rule but the rep's, which depends on who submits and is added per user (§6). */
export const prospectBody = prospectForm();
export type ProspectFormInput = z.input<typeof prospectBody>;
export type ProspectFormValues = z.output<typeof prospectBody>;

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

export const prospectFilterOptions = prospectFormOptions.pick({ actionOptions: true, repOptions: true });
export type ProspectFilterOptions = z.infer<typeof prospectFilterOptions>;

const listDate = (field: string) => calendarDate(`The ${field} must be a date (YYYY-MM-DD).`).optional();

export const prospectListQuery = pageQuery.extend({
  q: searchText(100).optional(),
  repId: id('The selected rep is invalid.').optional(),
  actionId: id('The selected action is invalid.').optional(),
  converted: z.enum(['yes', 'no'], { error: 'The converted filter must be yes or no.' }).optional(),
  from: listDate('from date'),
  to: listDate('to date'),
  sort: sortParam(['createdAt', 'name'], '-createdAt'),
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

export const prospectIdParams = z.object({ id: id() });

/** How far and how far back the readings near a place are gathered (§3 speed tests, shown beside the visit form). */
export const COVERAGE_NEAR = { radiusKm: 1, months: 12 } as const;
export const COVERAGE_PLACE_MESSAGE = 'Give a position (lat and lng) or a 5-digit ZIP code.';

/** A place to read coverage at: the device's position, or else the centre of the address's ZIP code. */
export const coverageNearQuery = z
  .strictObject({
    lat: decimal({ min: -90, max: 90, scale: 8 }).optional(),
    lng: decimal({ min: -180, max: 180, scale: 8 }).optional(),
    zip: z
      .string()
      .regex(/^\d{5}$/, 'The ZIP code must be 5 digits.')
      .optional(),
  })
  .refine((q) => (q.lat !== undefined && q.lng !== undefined) || q.zip !== undefined, {
    message: COVERAGE_PLACE_MESSAGE,
    path: ['lat'],
  });

export const carrierCoverage = z.object({
  carrierId: z.number(),
  carrier: z.string(),
  /** Speed tests taken within the radius in the period. */
  tests: z.number(),
  /** Median of each test's mean of its three readings, in Mbps; null with no test. */
  medianMbps: z.number().nullable(),
  /** Tests whose three readings were all 0 (no service). */
  noService: z.number(),
});
export const coverageNear = z.object({
  /** Where the readings were gathered around; null for a ZIP code with no known centre. */
  center: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  radiusKm: z.number(),
  months: z.number(),
  carriers: z.array(carrierCoverage),
});
export type CoverageNear = z.infer<typeof coverageNear>;

export const prospectEndpoints = {
  formOptions: endpoint({
    method: 'GET',
    path: '/admin/api/prospects/form-options',
    response: prospectFormOptions,
    access: 'prospects.log',
    reads: ['prospects'],
    summary:
      'What the visit form offers: actions, carriers, topographies, states, whether the rep is chosen and, if so, the reps.',
  }),
  store: endpoint({
    method: 'POST',
    path: '/admin/prospects',
    body: prospectBody,
    response: prospectCreated,
    access: 'prospects.log',
    changes: ['prospects', 'audit'],
    idempotent: true,
    summary:
      'Records a prospect visit with its speed tests and topographies (§5); the rep is chosen only with canForceCreate.',
  }),
  coverageNear: endpoint({
    method: 'GET',
    path: '/admin/api/prospects/coverage-near',
    query: coverageNearQuery,
    response: coverageNear,
    access: 'prospects.log',
    reads: ['prospects'],
    summary:
      "Each carrier's speed tests within 1 km of a position (or a ZIP code's centre) in the last 12 months: count, median Mbps and tests with no service.",
  }),
  filterOptions: endpoint({
    method: 'GET',
    path: '/admin/api/prospects/filter-options',
    response: prospectFilterOptions,
    access: 'prospects.view-own',
    reads: ['prospects', 'staff'],
    summary: "What the list's filters offer: the actions, and the reps to a user who sees every rep's visits.",
  }),
  list: endpoint({
    method: 'GET',
    path: '/admin/api/prospects',
    query: prospectListQuery,
    response: pageOf(prospectRow),
    access: 'prospects.view-own',
    reads: ['prospects', 'staff'],
    summary:
      "A page of prospect visits, newest first, filtered by text, rep, action, conversion and visit dates; a rep's own only without prospects.view-all.",
  }),
  export: endpoint({
    method: 'GET',
    path: '/admin/api/prospects/export.csv',
    query: prospectListQuery,
    response: csvFile,
    access: 'prospects.view-own',
    reads: ['prospects', 'staff'],
    summary: "Every visit the list's filters find, as CSV, newest first; a rep's own only, as in the list.",
  }),
  detail: endpoint({
    method: 'GET',
    path: '/admin/api/prospects/:id',
    params: prospectIdParams,
    response: prospectDetail,
    access: 'prospects.view-own',
    reads: ['prospects', 'staff'],
    summary:
      "A prospect visit with its speed tests by carrier and its topographies; another rep's is not found without prospects.view-all.",
  }),
};

/** The store endpoint as one user calls it: the declared body plus that user's rep rule (§6). */
export const prospectStoreFor = (user: { canForceCreate: boolean }) => ({
  ...prospectEndpoints.store,
  body: prospectForm({ canForceCreate: user.canForceCreate }),
});
