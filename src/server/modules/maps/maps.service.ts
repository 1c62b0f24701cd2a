import type { Db } from '../../db/types';
import type { CurrentUser } from '../../../contract/auth';
import { MARKER_LABELS, type MapMarker, type MarkerInfo, type ProspectMapSubset } from '../../../contract/maps';
import { NotFoundError } from '../../http/errors';
import { customerDetails, customerPoints, prospectDetails, prospectPoints } from './maps.queries';
import { visibleProspects } from '../prospects';

// Five decimals is about a metre: enough for a marker, and it keeps 100,000-marker answers small.
const round5 = (value: number) => Math.round(value * 1e5) / 1e5;

export async function customerMarkers(db: Db): Promise<MapMarker[]> {
  const rows = await customerPoints(db);
  return rows.map((r) => ({
    id: `customer-${r.id}`,
    lat: round5(r.lat!),
    lng: round5(r.lng!),
    image: 'customer',
    title: r.name,
    label: MARKER_LABELS.customer,
  }));
}

export async function prospectMarkers(
  db: Db,
  user: CurrentUser,
  subset: ProspectMapSubset | undefined,
  timeZone: string,
): Promise<MapMarker[]> {
  const rows = await prospectPoints(db, visibleProspects(user), subset, timeZone);
  return rows.map((r) => ({
    id: `prospect-${r.id}`,
    lat: round5(r.lat!),
    lng: round5(r.lng!),
    image: r.converted ? 'prospect-converted' : 'prospect',
    title: r.title,
    label: r.converted ? MARKER_LABELS.converted : MARKER_LABELS.prospect,
  }));
}

/** The general map: every located member and every located prospect visit the user may see. */
export async function generalMarkers(db: Db, user: CurrentUser, timeZone: string): Promise<MapMarker[]> {
  const [members, visits] = await Promise.all([customerMarkers(db), prospectMarkers(db, user, undefined, timeZone)]);
  return members.concat(visits);
}

const place = (r: { address: string | null; city: string | null; state: string | null; zip: string | null }) =>
  [r.address, [r.city, [r.state, r.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')].filter(Boolean);

export async function markerInfo(
  db: Db,
  user: CurrentUser,
  kind: 'customer' | 'prospect',
  id: number,
  timeZone: string,
): Promise<MarkerInfo> {
  const date = new Intl.DateTimeFormat('en-US', { timeZone, month: '2-digit', day: '2-digit', year: 'numeric' });
  if (kind === 'customer') {
    const c = await customerDetails(db, id);
    if (!c) throw new NotFoundError('The customer was not found.');
    const lines = [
      ...place(c),
      c.phone && `Phone: ${c.phone}`,
      `Customer ID: ${c.id}`,
      `Active subscriptions: ${c.activeSubscriptions}`,
    ];
    return {
      title: c.name,
      label: MARKER_LABELS.customer,
      content: lines.filter(Boolean).join('\n'),
      customerId: c.id,
    };
  }
  // Another rep's visit answers as not found, like one that does not exist.
  const p = await prospectDetails(db, user, id);
  if (!p) throw new NotFoundError('The prospect was not found.');
  const lines = [
    ...place(p),
    `Visited ${date.format(p.createdAt)} by ${p.repName}`,
    `Action: ${p.parentAction ? `${p.parentAction} › ${p.action}` : p.action}`,
    p.memberName && `Existing member: ${p.memberName}`,
    p.convertedAt ? `Converted ${date.format(p.convertedAt)}` : 'Not converted',
    p.locationSource === 'zip' && `Placed at the centre of ZIP ${p.zip}`,
  ];
  return {
    title: p.title,
    label: p.convertedAt ? MARKER_LABELS.converted : MARKER_LABELS.prospect,
    content: lines.filter(Boolean).join('\n'),
    prospectId: p.id,
    ...(p.memberId !== null && { customerId: p.memberId }),
  };
}
