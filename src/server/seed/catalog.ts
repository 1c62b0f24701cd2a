import { inArray } from 'drizzle-orm';
import type { Tx } from '../db/types';
import {
  cancellationReasons,
  feedbackSubmissions,
  predefinedContainers,
  products,
  suppliers,
  users,
} from '../db/schema';
import { daysFromCivil } from './calendar';
import type { BusinessClock } from './calendar';
import { person } from './names';
import { Random } from './random';

/*
 * The small tables the generated history refers to: products, suppliers, cancellation reasons, containers and staff.
 * Inserted with the query builder (a few dozen rows); rows with unique names that already exist are reused.
 */

interface ProductSpec {
  model: string;
  price: string;
  /** First day the model could be ordered; orders favour models released in the last couple of years. */
  released: number;
  popularity: number;
}

export const PRODUCTS: readonly ProductSpec[] = [
  { model: 'Apple iPhone 6s', price: '349.00', released: daysFromCivil(2015, 9, 25), popularity: 1 },
  { model: 'Samsung Galaxy S8', price: '499.00', released: daysFromCivil(2017, 4, 21), popularity: 0.8 },
  { model: 'Motorola Moto G6', price: '149.00', released: daysFromCivil(2018, 5, 1), popularity: 0.6 },
  { model: 'Apple iPhone XR', price: '449.00', released: daysFromCivil(2018, 10, 26), popularity: 1 },
  { model: 'Samsung Galaxy A50', price: '299.00', released: daysFromCivil(2019, 4, 1), popularity: 0.7 },
  { model: 'Apple iPhone 12', price: '529.00', released: daysFromCivil(2020, 10, 23), popularity: 1 },
  { model: 'Apple iPhone 13', price: '579.00', released: daysFromCivil(2021, 9, 24), popularity: 1 },
  { model: 'Google Pixel 6a', price: '299.00', released: daysFromCivil(2022, 7, 28), popularity: 0.5 },
  { model: 'Apple iPhone 15', price: '699.00', released: daysFromCivil(2023, 9, 22), popularity: 1 },
  { model: 'Samsung Galaxy A15 5G', price: '199.00', released: daysFromCivil(2024, 1, 11), popularity: 0.8 },
  // Customers bringing their own phone get a kit priced 0.00: deleting such a line deletes it outright (§4).
  { model: 'BYOD SIM Kit', price: '0.00', released: daysFromCivil(2000, 1, 1), popularity: 0.12 },
  { model: 'Hotspot SIM Kit', price: '0.00', released: daysFromCivil(2000, 1, 1), popularity: 0.04 },
];

// The rules of the supplier form (§4) hold: '30 Day' never prorates and bills per renewal; prorating bills monthly.
const SUPPLIERS = [
  {
    name: 'Wireless Logistics Group',
    contactName: 'Dana Whitfield',
    prorates: true,
    supplierReport: true,
    frequency: 'Monthly',
    billingCycle: 'Calendar Month',
  },
  {
    name: 'Mobile Fulfillment Partners',
    contactName: 'Marcus Bell',
    prorates: false,
    supplierReport: true,
    frequency: 'Per Renewal',
    billingCycle: '30 Day',
  },
  {
    name: 'Nationwide Device Supply',
    contactName: 'Erin Castillo',
    prorates: false,
    supplierReport: false,
    frequency: 'Monthly',
    billingCycle: 'Calendar Month',
  },
  {
    name: 'Summit Telecom Distributors',
    contactName: 'Greg Haley',
    prorates: true,
    supplierReport: false,
    frequency: 'Monthly',
    billingCycle: 'Quarterly',
  },
  {
    name: 'Keystone Line Services',
    contactName: 'Tasha Monroe',
    prorates: false,
    supplierReport: true,
    frequency: 'Per Renewal',
    billingCycle: '30 Day',
  },
] as const;
export const SUPPLIER_WEIGHTS = [35, 25, 20, 12, 8];

/** Staff-recorded churn reasons with their relative frequency; 'Promotion Ended' was retired two years ago. */
export const CANCELLATION_REASONS = [
  { name: 'Moving / Relocating', weight: 18 },
  { name: 'Poor Coverage', weight: 14 },
  { name: 'Too Expensive', weight: 16 },
  { name: 'Switched Carrier', weight: 15 },
  { name: 'No Longer Needed', weight: 12 },
  { name: 'Device Issues', weight: 8 },
  { name: 'Customer Service', weight: 5 },
  { name: 'Non-Payment', weight: 9 },
  { name: 'Deceased', weight: 3 },
  { name: 'Promotion Ended', weight: 10, retired: true },
] as const;

/** Cancellation reason recorded for a 21-day return, by return reason id (src/contract/business.ts RETURN_REASONS). */
export const REASON_FOR_RETURN: Record<number, string> = {
  1: 'Poor Coverage',
  2: 'No Longer Needed',
  3: 'Device Issues',
  4: 'Too Expensive',
  5: 'Moving / Relocating',
};

const CONTAINERS = [
  { name: 'Small Box', length: '8.0', width: '6.0', height: '2.0' },
  { name: 'Medium Box', length: '12.0', width: '9.0', height: '4.0' },
  { name: 'Large Box', length: '14.0', width: '12.0', height: '6.0' },
  { name: 'Padded Envelope', length: '10.0', width: '7.0', height: '1.0' },
  { name: 'Return Mailer', length: '9.0', width: '6.0', height: '3.0' },
];

const FEEDBACK = [
  'The device page takes a while to load when a customer has many lines.',
  'Could the prospect map remember the last subset I picked?',
  'Love the new return-reason chart, it made our weekly review much faster.',
  'Please add the IMEI to the equipment hold list so I do not have to open each one.',
  'Search by phone number would save us a lot of time on calls.',
  'The SIM lookup warning about loaners was exactly what we needed.',
  'Parcel form: can Medium Box be the default? We use it most.',
  'Dashboard numbers for last week look right now, thanks for the fix.',
  'It would help to see the supplier on the swap list.',
  'Cancellation reason picker is great, the rows sliding away feels quick.',
  'Can we export the upcoming credits list?',
  'Speed test entry is faster on the tablet than it used to be.',
];

export interface Catalog {
  productIds: number[];
  supplierIds: number[];
  /** Cancellation reason id by name. */
  reasonIds: Map<string, number>;
  /** Last day the retired reason was still offered. */
  reasonRetiredDay: number;
  containers: { id: number; length: number; width: number; height: number }[];
  repIds: number[];
  /** Office staff: ship parcels, log visits on behalf of reps. */
  staffIds: number[];
}

/**
 * Demo accounts cannot sign in: their hash is not a scrypt hash, so verifyPassword always fails.
 * Demo data is loaded on a production database's first start too.
 */
const NO_PASSWORD = '!demo-account-without-password';

/** The suppliers, in SUPPLIERS order; those already there (a re-run) are kept. */
async function insertSuppliers(db: Tx, createdAt: Date): Promise<number[]> {
  await db
    .insert(suppliers)
    .values(
      SUPPLIERS.map((s, i) => ({
        ...s,
        contactEmail: `${s.contactName.split(' ')[0]!.toLowerCase()}@supplier${i + 1}.example.com`,
        contactPhone: `(800) 555-01${String(10 + i)}`,
        createdAt,
        updatedAt: createdAt,
      })),
    )
    .onConflictDoNothing();
  const supplierRows = await db
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .where(
      inArray(
        suppliers.name,
        SUPPLIERS.map((s) => s.name),
      ),
    );
  return SUPPLIERS.map((s) => supplierRows.find((r) => r.name === s.name)!.id);
}

/** The cancellation reasons by name; those already there are kept. */
async function insertReasons(db: Tx, createdAt: Date): Promise<Map<string, number>> {
  await db
    .insert(cancellationReasons)
    .values(
      CANCELLATION_REASONS.map((r, i) => ({ name: r.name, position: i + 1, active: !('retired' in r), createdAt })),
    )
    .onConflictDoNothing();
  const reasonRows = await db
    .select({ id: cancellationReasons.id, name: cancellationReasons.name })
    .from(cancellationReasons)
    .where(
      inArray(
        cancellationReasons.name,
        CANCELLATION_REASONS.map((r) => r.name),
      ),
    );
  return new Map(reasonRows.map((r) => [r.name, r.id]));
}

/** The predefined parcel containers, with their sizes as numbers. */
async function insertContainers(db: Tx): Promise<Catalog['containers']> {
  await db.insert(predefinedContainers).values(CONTAINERS).onConflictDoNothing();
  const containerRows = await db
    .select()
    .from(predefinedContainers)
    .where(
      inArray(
        predefinedContainers.name,
        CONTAINERS.map((c) => c.name),
      ),
    );
  return containerRows.map((r) => ({
    id: r.id,
    length: Number(r.length),
    width: Number(r.width),
    height: Number(r.height),
  }));
}

/** An operations lead, an analyst and `reps` field reps, none of whom can sign in; in id order. */
async function insertStaff(db: Tx, rng: Random, reps: number, createdAt: Date) {
  const staff = [
    { ...person(rng), role: 'operations' as const, isRep: false, canForceCreate: true },
    { ...person(rng), role: 'analyst' as const, isRep: false, canForceCreate: false },
    ...Array.from({ length: reps }, () => ({
      ...person(rng),
      role: 'field-rep' as const,
      isRep: true,
      canForceCreate: false,
    })),
  ];
  const accounts = staff.map((s, i) => ({
    email: `${s.first}.${s.last}.${i + 1}@staff.example.com`.toLowerCase(),
    name: `${s.first} ${s.last}`,
    passwordHash: NO_PASSWORD,
    role: s.role,
    isRep: s.isRep,
    canForceCreate: s.canForceCreate,
    createdAt,
  }));
  await db.insert(users).values(accounts).onConflictDoNothing();
  return db
    .select({ id: users.id, email: users.email, isRep: users.isRep })
    .from(users)
    .where(
      inArray(
        users.email,
        accounts.map((a) => a.email),
      ),
    )
    .orderBy(users.id);
}

export async function insertCatalog(
  db: Tx,
  opts: { seed: number; reps: number; clock: BusinessClock; firstDay: number },
): Promise<Catalog> {
  const rng = new Random(opts.seed, 7);
  const createdAt = new Date(opts.clock.at(opts.firstDay, 9 * 3600) * 1000);
  const productRows = await db
    .insert(products)
    .values(PRODUCTS.map((p) => ({ model: p.model, price: p.price })))
    .returning({ id: products.id });
  const supplierIds = await insertSuppliers(db, createdAt);
  const reasonIds = await insertReasons(db, createdAt);
  const containers = await insertContainers(db);
  const userRows = await insertStaff(db, rng, opts.reps, createdAt);

  await db.insert(feedbackSubmissions).values(
    FEEDBACK.map((body) => ({
      body,
      userId: rng.pick(userRows).id,
      createdAt: new Date(opts.clock.at(opts.clock.today - rng.int(1, 300), rng.int(9, 17) * 3600) * 1000),
    })),
  );

  return {
    productIds: productRows.map((r) => r.id),
    supplierIds,
    reasonIds,
    reasonRetiredDay: opts.clock.today - 730,
    containers,
    repIds: userRows.filter((u) => u.isRep).map((u) => u.id),
    staffIds: userRows.filter((u) => !u.isRep).map((u) => u.id),
  };
}
