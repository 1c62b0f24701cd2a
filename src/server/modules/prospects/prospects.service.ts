import { lookup } from 'zipcodes';
import type { Db } from '../../db/types';
import { can } from '../../../contract/access';
import type { CurrentUser } from '../../../contract/auth';
import { US_STATES } from '../../../contract/us-states';
import type {
  ProspectCreated,
  ProspectDetail,
  ProspectFilterOptions,
  ProspectFormOptions,
  ProspectFormValues,
  ProspectListQuery,
  ProspectRow,
} from '../../../contract/prospects';
import type { Page } from '../../../contract/pagination';
import { FieldErrors, NotFoundError } from '../../http/errors';
import { recordAudit } from '../audit';
import {
  actionOptions,
  carrierOptions,
  customerExists,
  findProspect,
  insertProspect,
  insertSpeedTests,
  insertTopographies,
  listProspects,
  repOptions,
  topographyOptions,
} from './prospects.queries';

export async function formOptions(db: Db, user: CurrentUser): Promise<ProspectFormOptions> {
  const [actions, carriers, topographies, reps] = await Promise.all([
    actionOptions(db),
    carrierOptions(db),
    topographyOptions(db),
    // Only a user who can force-create chooses the rep (§6); anyone else's visits are their own.
    user.canForceCreate ? repOptions(db) : [],
  ]);
  return {
    actionOptions: actions,
    carriers,
    topographyOptions: topographies,
    repOptions: reps,
    canForceCreate: user.canForceCreate,
    states: US_STATES.map((s) => ({ code: s.code, name: s.name })),
  };
}

/** The visit's map position: the device's location when it sent one, else the centre of its ZIP code, else none. */
function placeOf(values: ProspectFormValues) {
  if (values.location) return { lat: values.location.lat, lng: values.location.lng, locationSource: 'device' as const };
  const centre = lookup(values.address.zip.slice(0, 5));
  if (centre) return { lat: centre.latitude, lng: centre.longitude, locationSource: 'zip' as const };
  return { lat: null, lng: null, locationSource: null };
}

/** Records a visit with its speed tests and topographies in one transaction. Rep rules of §6 are in the form schema. */
export async function createProspect(db: Db, user: CurrentUser, values: ProspectFormValues): Promise<ProspectCreated> {
  return db.transaction(async (tx) => {
    const repId = values.rep_id ?? user.id;
    const errors: Record<string, string[]> = {};
    if (values.rep_id !== null && !(await repOptions(tx, [values.rep_id])).length)
      errors.rep_id = ['The selected rep is invalid.'];
    if (values.customer_id !== null && !(await customerExists(tx, values.customer_id)))
      errors.customer_id = ['The selected existing member is invalid.'];
    if (Object.keys(errors).length) throw new FieldErrors(errors);

    const place = placeOf(values);
    const prospect = await insertProspect(tx, {
      repId,
      createdById: user.id,
      customerId: values.customer_id,
      name: values.name ?? '',
      address: values.address.address,
      city: values.address.city,
      state: values.address.state,
      zip: values.address.zip,
      ...place,
      newConstruction: values.new_construction,
      prospectActionId: values.prospect_action_id,
      actionTaken: values.action_taken,
      offeredPromotion: values.offered_promotion,
      comments: values.comments,
    });
    await insertSpeedTests(
      tx,
      values.speed_tests.map((t) => ({
        prospectId: prospect.id,
        carrierId: t.carrierId,
        reading1: String(t.readings[0]),
        reading2: String(t.readings[1]),
        reading3: String(t.readings[2]),
      })),
    );
    await insertTopographies(
      tx,
      values.topographies.map((topographyId) => ({ prospectId: prospect.id, topographyId })),
    );
    await recordAudit(tx, {
      userId: user.id,
      action: 'prospect.created',
      entityType: 'prospect',
      entityId: prospect.id,
      after: { ...prospect, speedTests: values.speed_tests, topographies: values.topographies },
    });
    return { id: prospect.id, locationSource: place.locationSource };
  });
}

/** The list's filters: the actions, and the reps to a user who sees every rep's visits (a rep sees only their own). */
export async function filterOptions(db: Db, user: CurrentUser): Promise<ProspectFilterOptions> {
  const [actions, reps] = await Promise.all([
    actionOptions(db),
    can(user.role, 'prospects.view-all') ? repOptions(db) : [],
  ]);
  return { actionOptions: actions, repOptions: reps };
}

export function prospectPage(
  db: Db,
  user: CurrentUser,
  query: ProspectListQuery,
  timeZone: string,
): Promise<Page<ProspectRow>> {
  return listProspects(db, user, query, timeZone);
}

/** A visit the user may see; someone else's answers as not found, so its existence is not revealed. */
export async function prospectDetail(db: Db, user: CurrentUser, id: number): Promise<ProspectDetail> {
  const found = await findProspect(db, user, id);
  if (!found) throw new NotFoundError('The prospect was not found.');
  const p = found.prospect;
  return {
    id: p.id,
    name: p.name,
    address: p.address,
    city: p.city,
    state: p.state,
    zip: p.zip,
    repId: p.repId,
    repName: found.repName,
    createdByName: found.createdByName,
    action: found.action,
    customer:
      p.customerId !== null && found.customerName !== null ? { id: p.customerId, name: found.customerName } : null,
    newConstruction: p.newConstruction,
    actionTaken: p.actionTaken,
    offeredPromotion: p.offeredPromotion,
    comments: p.comments,
    topographies: found.topographies,
    speedTests: found.speedTests.map((t) => ({
      carrierId: t.carrierId,
      carrier: t.carrier,
      readings: [t.reading1, t.reading2, t.reading3].map(Number),
    })),
    lat: p.lat,
    lng: p.lng,
    locationSource: p.locationSource,
    convertedAt: p.convertedAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
  };
}
