import type { Tx } from '../../db/types';
import { prospects } from '../../db/schema';
import { createUser } from '.';

type ProspectInsert = Partial<typeof prospects.$inferInsert>;

let counter = 0;

/** A located prospect visit (Nashville, "Not Interested") by a new rep unless given. Test data only. */
export async function createProspect(db: Tx, overrides: ProspectInsert = {}) {
  const n = ++counter;
  const repId = overrides.repId ?? (await createUser(db, { isRep: true })).id;
  const [row] = await db
    .insert(prospects)
    .values({
      repId,
      createdById: repId,
      name: `Prospect ${n}`,
      address: `${200 + n} Oak Ave`,
      city: 'Nashville',
      state: 'TN',
      zip: '37203',
      lat: 36.15,
      lng: -86.79,
      locationSource: 'device',
      prospectActionId: 4,
      ...overrides,
    })
    .returning();
  return row!;
}
