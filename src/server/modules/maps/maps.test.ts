import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createCustomer, createSubscription, createUser } from '../../test/factories';
import { createProspect } from '../../test/factories/prospect';
import type { MapMarker } from '../../../contract/maps';

let t: TestApp;
let agent: Awaited<ReturnType<TestApp['signIn']>>;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn();
});
afterAll(() => t.close());

const markersOf = async (url: string) => {
  const res = await agent.get(url);
  expect(res.statusCode).toBe(200);
  return res.json<MapMarker[]>();
};
const DAY = 86_400_000;

describe('customer map', () => {
  it('lists located customers with an active subscription as customer markers without their info text', async () => {
    const active = await createCustomer(t.db, { name: 'Avery Active', lat: 36.123456789, lng: -86.987654321 });
    await createSubscription(t.db, { customerId: active.id });
    const cancelled = await createCustomer(t.db, { name: 'Cory Cancelled' });
    await createSubscription(t.db, { customerId: cancelled.id, status: 'cancelled', cancelledAt: new Date() });
    const unlocated = await createCustomer(t.db, { name: 'Nora Nowhere', lat: null, lng: null });
    await createSubscription(t.db, { customerId: unlocated.id });

    const markers = await markersOf('/admin/api/customers/map');
    expect(markers.find((m) => m.id === `customer-${active.id}`)).toEqual({
      id: `customer-${active.id}`,
      lat: 36.12346,
      lng: -86.98765,
      image: 'customer',
      title: 'Avery Active',
      label: 'Existing Member',
    });
    expect(markers.map((m) => m.title)).not.toContain('Cory Cancelled');
    expect(markers.map((m) => m.title)).not.toContain('Nora Nowhere');
  });

  it('answers compressed to a client that accepts gzip', async () => {
    for (let i = 0; i < 20; i++) await createSubscription(t.db, { customerId: (await createCustomer(t.db)).id });
    const res = await agent.get('/admin/api/customers/map', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('prospect map', () => {
  it('answers each subset with its prospects and all of them without a subset', async () => {
    const today = await createProspect(t.db, { name: 'Today Unconverted' });
    const old = await createProspect(t.db, { name: 'Old Unconverted', createdAt: new Date(Date.now() - 3 * DAY) });
    const converted = await createProspect(t.db, {
      name: 'Old Converted',
      createdAt: new Date(Date.now() - 5 * DAY),
      convertedAt: new Date(Date.now() - DAY),
    });
    await createProspect(t.db, { name: 'Unlocated', lat: null, lng: null });
    const ids = async (url: string) => (await markersOf(url)).map((m) => m.id);

    const todays = await ids('/admin/api/prospects/map?subset=today');
    expect(todays).toContain(`prospect-${today.id}`);
    expect(todays).not.toContain(`prospect-${old.id}`);
    expect(todays).not.toContain(`prospect-${converted.id}`);

    const unconverted = await ids('/admin/api/prospects/map?subset=unconverted');
    expect(unconverted).toEqual(expect.arrayContaining([`prospect-${today.id}`, `prospect-${old.id}`]));
    expect(unconverted).not.toContain(`prospect-${converted.id}`);

    const convertedIds = await ids('/admin/api/prospects/map?subset=converted');
    expect(convertedIds).toContain(`prospect-${converted.id}`);
    expect(convertedIds).not.toContain(`prospect-${old.id}`);

    const all = await markersOf('/admin/api/prospects/map');
    expect(all.map((m) => m.id)).toEqual(
      expect.arrayContaining([`prospect-${today.id}`, `prospect-${old.id}`, `prospect-${converted.id}`]),
    );
    expect(all.map((m) => m.title)).not.toContain('Unlocated');
    expect(all.find((m) => m.id === `prospect-${converted.id}`)).toMatchObject({
      image: 'prospect-converted',
      label: 'Converted Prospect',
    });
    expect(all.find((m) => m.id === `prospect-${old.id}`)).toMatchObject({
      image: 'prospect',
      label: 'Prospect',
      title: 'Old Unconverted',
    });
  });

  it('refuses an unknown subset with a clear message', async () => {
    const res = await agent.get('/admin/api/prospects/map?subset=yesterday');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.subset).toEqual(['The subset must be today, unconverted or converted.']);
  });
});

describe('general map and info windows', () => {
  it('feeds the general map with members and prospects', async () => {
    const member = await createCustomer(t.db);
    await createSubscription(t.db, { customerId: member.id });
    const visit = await createProspect(t.db);
    const ids = (await markersOf('/admin/map-data')).map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining([`customer-${member.id}`, `prospect-${visit.id}`]));
  });

  it('answers the info window of a customer and of a prospect', async () => {
    const member = await createCustomer(t.db, {
      name: 'Ida Info',
      address: '1 Elm St',
      city: 'Memphis',
      state: 'TN',
      zip: '38103',
      phone: '9015550100',
    });
    await createSubscription(t.db, { customerId: member.id });
    const customerInfo = await agent.get(`/admin/api/maps/markers/customer-${member.id}`);
    expect(customerInfo.statusCode).toBe(200);
    expect(customerInfo.json()).toEqual({
      title: 'Ida Info',
      label: 'Existing Member',
      content: `1 Elm St\nMemphis, TN 38103\nPhone: 9015550100\nCustomer ID: ${member.id}\nActive subscriptions: 1`,
      customerId: member.id,
    });

    const rep = await createUser(t.db, { name: 'Rita Rep', isRep: true });
    const visit = await createProspect(t.db, {
      repId: rep.id,
      name: 'Pat Prospect',
      prospectActionId: 21,
      locationSource: 'zip',
    });
    const prospectInfo = (await agent.get(`/admin/api/maps/markers/prospect-${visit.id}`)).json();
    expect(prospectInfo.title).toBe('Pat Prospect');
    // The window links to the visit's own page.
    expect(prospectInfo.prospectId).toBe(visit.id);
    expect(prospectInfo.label).toBe('Prospect');
    expect(prospectInfo.content).toContain('by Rita Rep');
    expect(prospectInfo.content).toContain('Action: Follow Up Needed › Call Back');
    expect(prospectInfo.content).toContain('Not converted');
    expect(prospectInfo.content).toContain('Placed at the centre of ZIP 37203');
  });

  it('answers 404 for a marker that does not exist and 422 for a malformed id', async () => {
    expect((await agent.get('/admin/api/maps/markers/customer-999999999')).statusCode).toBe(404);
    expect((await agent.get('/admin/api/maps/markers/prospect-999999999')).json()).toEqual({
      message: 'The prospect was not found.',
    });
    expect((await agent.get('/admin/api/maps/markers/device-1')).statusCode).toBe(422);
  });

  it('tells the web app there is no tile server unless MAP_TILE_URL is set', async () => {
    expect((await agent.get('/admin/api/maps/config')).json()).toEqual({ tileUrl: null });
  });

  it('hands MAP_TILE_URL to the web app and allows its images in the page policy', async () => {
    const online = await createTestApp({ MAP_TILE_URL: 'https://tiles.example.test/{z}/{x}/{y}.png' });
    try {
      const res = await (await online.signIn()).get('/admin/api/maps/config');
      expect(res.json()).toEqual({ tileUrl: 'https://tiles.example.test/{z}/{x}/{y}.png' });
      expect(res.headers['content-security-policy']).toContain("img-src 'self' data: blob: https://tiles.example.test");
    } finally {
      await online.close();
    }
  });

  it('refuses marker lists to a client that is not signed in', async () => {
    const guest = await t.guest();
    expect((await guest.get('/admin/api/customers/map')).statusCode).toBe(401);
  });
});

describe('whose prospect markers a user sees', () => {
  type SignedIn = Awaited<ReturnType<TestApp['signIn']>>;
  let ann: SignedIn;
  let analyst: SignedIn;
  let annVisit: Awaited<ReturnType<typeof createProspect>>;
  let bobVisit: Awaited<ReturnType<typeof createProspect>>;
  beforeAll(async () => {
    ann = await t.signIn({ role: 'field-rep', isRep: true, name: 'Ann Map' });
    const bob = await t.signIn({ role: 'field-rep', isRep: true, name: 'Bob Map' });
    analyst = await t.signIn({ role: 'analyst' });
    annVisit = await createProspect(t.db, { repId: ann.user.id, name: 'Ann Map Visit' });
    bobVisit = await createProspect(t.db, { repId: bob.user.id, name: 'Bob Map Visit' });
  });
  const markerIds = async (who: SignedIn, url: string) => {
    const res = await who.get(url);
    expect(res.statusCode).toBe(200);
    return res.json<MapMarker[]>().map((m) => m.id);
  };

  it('draws a field rep’s own visits only, in every subset', async () => {
    for (const url of ['/admin/api/prospects/map', '/admin/api/prospects/map?subset=today']) {
      const ids = await markerIds(ann, url);
      expect(ids, url).toContain(`prospect-${annVisit.id}`);
      expect(ids, url).not.toContain(`prospect-${bobVisit.id}`);
      expect(
        ids.every((id) => id === `prospect-${annVisit.id}`),
        url,
      ).toBe(true);
    }
  });

  it('answers the info window of another rep’s visit to a field rep exactly like one that does not exist', async () => {
    const own = await ann.get(`/admin/api/maps/markers/prospect-${annVisit.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().content).toContain('by Ann Map');
    const other = await ann.get(`/admin/api/maps/markers/prospect-${bobVisit.id}`);
    const missing = await ann.get('/admin/api/maps/markers/prospect-999999999');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
  });

  it('shows an analyst every rep’s visits and their info windows', async () => {
    expect(await markerIds(analyst, '/admin/api/prospects/map')).toEqual(
      expect.arrayContaining([`prospect-${annVisit.id}`, `prospect-${bobVisit.id}`]),
    );
    expect(await markerIds(analyst, '/admin/map-data')).toEqual(
      expect.arrayContaining([`prospect-${annVisit.id}`, `prospect-${bobVisit.id}`]),
    );
    expect((await analyst.get(`/admin/api/maps/markers/prospect-${bobVisit.id}`)).json().title).toBe('Bob Map Visit');
    expect((await analyst.get(`/admin/api/maps/markers/prospect-${annVisit.id}`)).statusCode).toBe(200);
  });
});

describe('marker access and hostile input', () => {
  it('shows a field rep the info window of their prospect but not of a member', async () => {
    const fieldRep = await t.signIn({ role: 'field-rep', isRep: true });
    const member = await createCustomer(t.db);
    const visit = await createProspect(t.db, { repId: fieldRep.user.id });
    expect((await fieldRep.get(`/admin/api/maps/markers/prospect-${visit.id}`)).statusCode).toBe(200);
    expect((await fieldRep.get(`/admin/api/maps/markers/customer-${member.id}`)).statusCode).toBe(403);
  });

  it('answers 422, not 500, for a marker id beyond 2^31−1, in hex, in exponent notation or with a NUL', async () => {
    const bad = [
      'customer-9999999999',
      'customer-2147483648',
      'prospect-2147483648',
      'prospect-0x10',
      'customer-1e3',
      'customer-0',
      'prospect-1%00',
    ];
    for (const id of bad) {
      const res = await agent.get(`/admin/api/maps/markers/${id}`);
      expect(res.statusCode, id).toBe(422);
      expect(res.json().errors.id, id).toEqual(['The marker id is invalid.']);
    }
  });

  it('refuses a subset with a NUL byte', async () => {
    const res = await agent.get('/admin/api/prospects/map?subset=today%00');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.subset).toEqual(['The subset must be today, unconverted or converted.']);
  });
});
