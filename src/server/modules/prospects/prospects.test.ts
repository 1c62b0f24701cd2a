import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { createCustomer, createUser } from '../../test/factories';
import { auditLog, prospects, prospectSpeedTests, prospectTopographies } from '../../db/schema';
import { createProspect } from '../../test/factories/prospect';

let t: TestApp;
type SignedIn = Awaited<ReturnType<TestApp['signIn']>>;
let rep: SignedIn;
let manager: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  rep = await t.signIn({ isRep: true, name: 'Field Rep' });
  manager = await t.signIn({ canForceCreate: true, name: 'Office Manager' });
});
afterAll(() => t.close());

const speedTests = { 1: [10, 12.5, 0], 2: [0, 0, 0], 3: ['25', '30', '28'], 4: [100, 95, 110] };
const validForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'Jordan Doe',
  address: { address: '12 Ridge Rd', city: 'Franklin', state: 'TN', zip: '37064' },
  new_construction: 0,
  prospect_action_id: 4,
  action_taken: 'Left a flyer',
  speed_tests: speedTests,
  topographies: [2],
  offered_promotion: 1,
  comments: '',
  location: { lat: 35.9251, lng: -86.8689 },
  ...overrides,
});
const prospectCount = async () => (await t.db.select({ n: count() }).from(prospects))[0]!.n;

async function expectRefused(agent: SignedIn, body: unknown, field: string, message: string) {
  const before = await prospectCount();
  const res = await agent.post('/admin/prospects', body as Record<string, unknown>);
  expect(res.statusCode).toBe(422);
  expect(res.json().errors[field]).toEqual([message]);
  expect(await prospectCount()).toBe(before);
}

describe('recording a prospect visit', () => {
  it('records a rep’s visit as their own, with speed tests, topographies, location and an audit entry', async () => {
    const res = await rep.post('/admin/prospects', validForm());
    expect(res.statusCode).toBe(200);
    const { id, locationSource } = res.json();
    expect(locationSource).toBe('device');
    const [row] = await t.db.select().from(prospects).where(eq(prospects.id, id));
    expect(row).toMatchObject({
      repId: rep.user.id,
      createdById: rep.user.id,
      name: 'Jordan Doe',
      address: '12 Ridge Rd',
      city: 'Franklin',
      state: 'TN',
      zip: '37064',
      lat: 35.9251,
      lng: -86.8689,
      locationSource: 'device',
      newConstruction: false,
      prospectActionId: 4,
      actionTaken: 'Left a flyer',
      offeredPromotion: true,
      comments: null,
      customerId: null,
    });
    const tests = await t.db.select().from(prospectSpeedTests).where(eq(prospectSpeedTests.prospectId, id));
    expect(tests.map((s) => [s.carrierId, s.reading1, s.reading2, s.reading3]).sort()).toEqual([
      [1, '10.00', '12.50', '0.00'],
      [2, '0.00', '0.00', '0.00'],
      [3, '25.00', '30.00', '28.00'],
      [4, '100.00', '95.00', '110.00'],
    ]);
    expect(await t.db.select().from(prospectTopographies).where(eq(prospectTopographies.prospectId, id))).toEqual([
      { prospectId: id, topographyId: 2 },
    ]);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audits.filter((a) => a.entityType === 'prospect').map((a) => [a.action, a.userId])).toEqual([
      ['prospect.created', rep.user.id],
    ]);
  });

  it('places a visit without a device location at its ZIP code’s centre and says so', async () => {
    const res = await rep.post(
      '/admin/prospects',
      validForm({ location: null, address: { address: '1 Broadway', city: 'Nashville', state: 'TN', zip: '37203' } }),
    );
    expect(res.json().locationSource).toBe('zip');
    const [row] = await t.db.select().from(prospects).where(eq(prospects.id, res.json().id));
    expect(row!.lat).toBeCloseTo(36.15, 1);
    expect(row!.lng).toBeCloseTo(-86.79, 1);
    expect(row!.locationSource).toBe('zip');
  });

  it('keeps a visit with an unknown ZIP and no location off the map', async () => {
    const res = await rep.post(
      '/admin/prospects',
      validForm({ location: null, address: { address: '1 Nowhere', city: 'Nowhere', state: 'TN', zip: '00001' } }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().locationSource).toBeNull();
  });

  it('lets a user who can force-create record a visit on behalf of a rep and an existing member', async () => {
    const fieldRep = await createUser(t.db, { isRep: true });
    const member = await createCustomer(t.db);
    const res = await manager.post(
      '/admin/prospects',
      validForm({ rep_id: fieldRep.id, customer_id: String(member.id) }),
    );
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(prospects).where(eq(prospects.id, res.json().id));
    expect(row).toMatchObject({ repId: fieldRep.id, createdById: manager.user.id, customerId: member.id });
  });

  it('requires the rep from a user who can force-create', async () => {
    await expectRefused(manager, validForm(), 'rep_id', 'The rep field is required.');
  });

  it('refuses a rep id sent by a user who cannot force-create, even their own', async () => {
    const other = await createUser(t.db, { isRep: true });
    await expectRefused(rep, validForm({ rep_id: other.id }), 'rep_id', 'The rep field is not allowed.');
    await expectRefused(rep, validForm({ rep_id: rep.user.id }), 'rep_id', 'The rep field is not allowed.');
  });

  it('records a field rep’s visit as their own and refuses another rep’s id from them', async () => {
    const fieldRep = await t.signIn({ role: 'field-rep', isRep: true });
    const other = await createUser(t.db, { isRep: true });
    await expectRefused(fieldRep, validForm({ rep_id: other.id }), 'rep_id', 'The rep field is not allowed.');
    await expectRefused(fieldRep, validForm({ rep_id: String(other.id) }), 'rep_id', 'The rep field is not allowed.');
    const res = await fieldRep.post('/admin/prospects', validForm());
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(prospects).where(eq(prospects.id, res.json().id));
    expect(row).toMatchObject({ repId: fieldRep.user.id, createdById: fieldRep.user.id });
  });

  it('refuses a rep who is not a rep and an existing member who does not exist', async () => {
    const notRep = await createUser(t.db, { isRep: false });
    await expectRefused(manager, validForm({ rep_id: notRep.id }), 'rep_id', 'The selected rep is invalid.');
    const fieldRep = await createUser(t.db, { isRep: true });
    await expectRefused(
      manager,
      validForm({ rep_id: fieldRep.id, customer_id: 999999999 }),
      'customer_id',
      'The selected existing member is invalid.',
    );
  });

  it('requires the address, city, state and zip', async () => {
    const before = await prospectCount();
    const res = await rep.post(
      '/admin/prospects',
      validForm({ address: { address: ' ', city: '', state: '', zip: '' } }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      'address.address': ['The address field is required.'],
      'address.city': ['The city field is required.'],
      'address.state': ['The state field is required.'],
      'address.zip': ['The zip field is required.'],
    });
    expect(await prospectCount()).toBe(before);
  });

  it('reports every problem of one submit at once, conditional rules included', async () => {
    const res = await manager.post('/admin/prospects', {
      address: { address: '', city: '', state: 'TN', zip: '' },
      topographies: [99],
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'address.address',
      'address.city',
      'address.zip',
      'comments',
      'prospect_action_id',
      'rep_id',
    ]);
  });

  it('refuses a state not in the list and a malformed zip', async () => {
    await expectRefused(
      rep,
      validForm({ address: { address: '1 A St', city: 'B', state: 'XX', zip: '37064' } }),
      'address.state',
      'The selected state is invalid.',
    );
    await expectRefused(
      rep,
      validForm({ address: { address: '1 A St', city: 'B', state: 'TN', zip: '3706' } }),
      'address.zip',
      'The zip must be a 5-digit ZIP code (or ZIP+4).',
    );
  });

  it('requires an action and refuses an unknown one', async () => {
    await expectRefused(
      rep,
      validForm({ prospect_action_id: null }),
      'prospect_action_id',
      'The action field is required.',
    );
    await expectRefused(
      rep,
      validForm({ prospect_action_id: 77 }),
      'prospect_action_id',
      'The selected action is invalid.',
    );
  });

  it('accepts a sub-action of "Follow Up Needed"', async () => {
    const res = await rep.post('/admin/prospects', validForm({ prospect_action_id: 22 }));
    expect(res.statusCode).toBe(200);
  });

  it('requires every speed test reading when the action takes speed tests', async () => {
    await expectRefused(
      rep,
      validForm({ speed_tests: undefined }),
      'speed_tests.1.0',
      'The speed test reading is required.',
    );
    await expectRefused(
      rep,
      validForm({ speed_tests: { ...speedTests, 4: [1, 2] } }),
      'speed_tests.4.2',
      'The speed test reading is required.',
    );
    await expectRefused(
      rep,
      validForm({ speed_tests: { ...speedTests, 2: [1, '', 3] } }),
      'speed_tests.2.1',
      'The speed test reading is required.',
    );
  });

  it('refuses negative, non-numeric and absurd speed test readings', async () => {
    await expectRefused(
      rep,
      validForm({ speed_tests: { ...speedTests, 1: [-1, 2, 3] } }),
      'speed_tests.1.0',
      'The speed test reading must be at least 0.',
    );
    await expectRefused(
      rep,
      validForm({ speed_tests: { ...speedTests, 3: [1, 'fast', 3] } }),
      'speed_tests.3.1',
      'The speed test reading must be a number.',
    );
    await expectRefused(
      rep,
      validForm({ speed_tests: { ...speedTests, 3: [1, 2, 20000] } }),
      'speed_tests.3.2',
      'The speed test reading may not be greater than 10000.',
    );
  });

  it('takes no speed tests for "Not Home" (action 3) and drops any that were sent', async () => {
    const res = await rep.post('/admin/prospects', validForm({ prospect_action_id: 3, speed_tests: { 1: ['x'] } }));
    expect(res.statusCode).toBe(200);
    expect(
      await t.db.select().from(prospectSpeedTests).where(eq(prospectSpeedTests.prospectId, res.json().id)),
    ).toEqual([]);
  });

  it('requires comments when the Other topography is chosen, and not otherwise', async () => {
    await expectRefused(
      rep,
      validForm({ topographies: [1, 99], comments: ' ' }),
      'comments',
      'The comments field is required when Other topography is chosen.',
    );
    const res = await rep.post('/admin/prospects', validForm({ topographies: [1, 99], comments: 'Rolling farmland' }));
    expect(res.statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(prospectTopographies)
      .where(eq(prospectTopographies.prospectId, res.json().id));
    expect(rows.map((r) => r.topographyId).sort()).toEqual([1, 99]);
    expect((await rep.post('/admin/prospects', validForm({ topographies: [], comments: '' }))).statusCode).toBe(200);
  });

  it('refuses an unknown topography', async () => {
    await expectRefused(
      rep,
      validForm({ topographies: [1, 42] }),
      'topographies.1',
      'The selected topography is invalid.',
    );
  });

  it('refuses overlong fields', async () => {
    await expectRefused(
      rep,
      validForm({ name: 'n'.repeat(101) }),
      'name',
      'The name may not be longer than 100 characters.',
    );
    await expectRefused(
      rep,
      validForm({ comments: 'c'.repeat(2001) }),
      'comments',
      'The comments may not be longer than 2000 characters.',
    );
    await expectRefused(
      rep,
      validForm({ action_taken: 'a'.repeat(501) }),
      'action_taken',
      'The action taken may not be longer than 500 characters.',
    );
    await expectRefused(
      rep,
      validForm({ address: { address: 'x'.repeat(201), city: 'B', state: 'TN', zip: '37064' } }),
      'address.address',
      'The address may not be longer than 200 characters.',
    );
  });

  it('refuses flags other than 0 and 1, and unknown fields', async () => {
    await expectRefused(
      rep,
      validForm({ new_construction: 2 }),
      'new_construction',
      'The new construction field must be 0 or 1.',
    );
    await expectRefused(rep, validForm({ is_admin: true }), 'is_admin', 'The is_admin field is not allowed.');
  });
});

describe('form options', () => {
  it('gives the page inputs, with canForceCreate for the user asking', async () => {
    const res = await manager.get('/admin/api/prospects/form-options');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.canForceCreate).toBe(true);
    expect(body.actionOptions).toContainEqual({ id: 21, parent_id: 2, description: 'Call Back' });
    expect(body.actionOptions[0]).toEqual({ id: 1, parent_id: null, description: 'Signed Up' });
    expect(body.carriers.map((c: { name: string }) => c.name)).toEqual(['AT&T', 'Sprint', 'T-Mobile', 'Verizon']);
    expect(body.topographyOptions).toContainEqual({ id: 99, name: 'Other', isOther: true });
    expect(body.repOptions).toContainEqual({ id: rep.user.id, name: 'Field Rep' });
    expect(body.repOptions.map((r: { id: number }) => r.id)).not.toContain(manager.user.id);
    expect(body.states).toContainEqual({ code: 'TN', name: 'Tennessee' });
    expect(body.states).toContainEqual({ code: 'PR', name: 'Puerto Rico' });
    expect((await rep.get('/admin/api/prospects/form-options')).json().canForceCreate).toBe(false);
  });

  it('offers no reps to choose from to a user who cannot force-create: their visits are their own', async () => {
    const fieldRep = await t.signIn({ role: 'field-rep', isRep: true });
    const body = (await fieldRep.get('/admin/api/prospects/form-options')).json();
    expect(body.canForceCreate).toBe(false);
    expect(body.repOptions).toEqual([]);
    expect(body.actionOptions.length).toBeGreaterThan(0);
    expect((await rep.get('/admin/api/prospects/form-options')).json().repOptions).toEqual([]);
  });

  it('gives the list filters the reps only to a user who sees every rep’s visits', async () => {
    const fieldRep = await t.signIn({ role: 'field-rep', isRep: true });
    const analyst = await t.signIn({ role: 'analyst' });
    const forAnalyst = await analyst.get('/admin/api/prospects/filter-options');
    expect(forAnalyst.statusCode).toBe(200);
    expect(forAnalyst.json().repOptions).toContainEqual({ id: rep.user.id, name: 'Field Rep' });
    expect(forAnalyst.json().actionOptions).toContainEqual({ id: 21, parent_id: 2, description: 'Call Back' });
    const forRep = (await fieldRep.get('/admin/api/prospects/filter-options')).json();
    expect(forRep.repOptions).toEqual([]);
    expect(forRep.actionOptions).toEqual(forAnalyst.json().actionOptions);
    // The office reads visits without logging them.
    expect((await analyst.get('/admin/api/prospects/form-options')).statusCode).toBe(403);
  });
});

describe('whose prospects a user sees', () => {
  let ann: SignedIn;
  let bob: SignedIn;
  let analyst: SignedIn;
  let annVisit: Awaited<ReturnType<typeof createProspect>>;
  let bobVisit: Awaited<ReturnType<typeof createProspect>>;
  beforeAll(async () => {
    ann = await t.signIn({ role: 'field-rep', isRep: true, name: 'Ann Scope' });
    bob = await t.signIn({ role: 'field-rep', isRep: true, name: 'Bob Scope' });
    analyst = await t.signIn({ role: 'analyst' });
    annVisit = await createProspect(t.db, { repId: ann.user.id, name: 'Scoped Ann Visit' });
    bobVisit = await createProspect(t.db, { repId: bob.user.id, name: 'Scoped Bob Visit' });
  });
  const listed = async (agent: SignedIn, qs = 'q=scoped') => {
    const res = await agent.get(`/admin/api/prospects?${qs}`);
    expect(res.statusCode).toBe(200);
    return res.json<{ rows: { id: number }[]; total: number }>();
  };

  it('lists a field rep’s own visits only, whatever the filters ask for', async () => {
    const mine = await listed(ann);
    expect(mine.rows.map((r) => r.id)).toEqual([annVisit.id]);
    expect(mine.total).toBe(1);
    expect((await listed(ann, `repId=${bob.user.id}`)).rows).toEqual([]);
    expect((await listed(ann, 'q=bob scope')).total).toBe(0);
    expect((await listed(bob)).rows.map((r) => r.id)).toEqual([bobVisit.id]);
  });

  it('answers another rep’s visit to a field rep exactly like one that does not exist', async () => {
    expect((await ann.get(`/admin/api/prospects/${annVisit.id}`)).json()).toMatchObject({ name: 'Scoped Ann Visit' });
    const other = await ann.get(`/admin/api/prospects/${bobVisit.id}`);
    const missing = await ann.get('/admin/api/prospects/999999999');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
  });

  it('shows an analyst every rep’s visits', async () => {
    const all = await listed(analyst);
    expect(all.rows.map((r) => r.id).sort()).toEqual([annVisit.id, bobVisit.id].sort());
    expect((await listed(analyst, `repId=${bob.user.id}`)).rows.map((r) => r.id)).toEqual([bobVisit.id]);
    expect((await analyst.get(`/admin/api/prospects/${bobVisit.id}`)).statusCode).toBe(200);
    expect((await analyst.get(`/admin/api/prospects/${annVisit.id}`)).statusCode).toBe(200);
  });
});

describe('prospects list and detail', () => {
  it('lists newest first and filters by search, rep, action, conversion and date range', async () => {
    const listRep = await createUser(t.db, { isRep: true, name: 'List Rep' });
    const old = await createProspect(t.db, {
      repId: listRep.id,
      name: 'Quincy Old',
      createdAt: new Date('2026-10-01T15:00:00Z'),
      prospectActionId: 21,
    });
    const recent = await createProspect(t.db, {
      repId: listRep.id,
      name: 'Quincy New',
      createdAt: new Date('2026-11-10T15:00:00Z'),
      convertedAt: new Date(),
    });
    const list = async (qs: string) => {
      const res = await rep.get(`/admin/api/prospects?${qs}`);
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const mine = await list(`repId=${listRep.id}`);
    expect(mine.total).toBe(2);
    expect(mine.rows.map((r: { id: number }) => r.id)).toEqual([recent.id, old.id]);
    expect(mine.rows[1]).toMatchObject({
      name: 'Quincy Old',
      repName: 'List Rep',
      action: 'Follow Up Needed › Call Back',
      convertedAt: null,
    });
    expect((await list('q=quincy old')).rows.map((r: { id: number }) => r.id)).toEqual([old.id]);
    expect((await list(`repId=${listRep.id}&actionId=2`)).rows.map((r: { id: number }) => r.id)).toEqual([old.id]);
    expect((await list(`repId=${listRep.id}&converted=yes`)).rows.map((r: { id: number }) => r.id)).toEqual([
      recent.id,
    ]);
    expect((await list(`repId=${listRep.id}&converted=no`)).rows.map((r: { id: number }) => r.id)).toEqual([old.id]);
    expect(
      (await list(`repId=${listRep.id}&from=2026-11-01&to=2026-11-30`)).rows.map((r: { id: number }) => r.id),
    ).toEqual([recent.id]);
    expect(
      (await list(`repId=${listRep.id}&from=2026-10-01&to=2026-10-01`)).rows.map((r: { id: number }) => r.id),
    ).toEqual([old.id]);
    // Older visits past the first page of 25, the oldest of them alone on the second.
    const older = [];
    for (let day = 1; day <= 24; day++)
      older.push(await createProspect(t.db, { repId: listRep.id, createdAt: new Date(Date.UTC(2026, 8, day)) }));
    expect((await list(`repId=${listRep.id}&perPage=25&page=2`)).rows.map((r: { id: number }) => r.id)).toEqual([
      older[0]!.id,
    ]);
  });

  it('refuses bad filters with a clear message', async () => {
    const res = await rep.get('/admin/api/prospects?converted=maybe&from=yesterday');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      converted: ['The converted filter must be yes or no.'],
      from: ['The from date must be a date (YYYY-MM-DD).'],
    });
  });

  it('shows a prospect with its speed tests by carrier', async () => {
    const created = (
      await rep.post('/admin/prospects', validForm({ topographies: [1, 99], comments: 'Creek bottom' }))
    ).json();
    const res = await rep.get(`/admin/api/prospects/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      repName: 'Field Rep',
      createdByName: 'Field Rep',
      action: 'Not Interested',
      topographies: ['Flat', 'Other'],
      comments: 'Creek bottom',
      speedTests: [
        { carrierId: 1, carrier: 'AT&T', readings: [10, 12.5, 0] },
        { carrierId: 2, carrier: 'Sprint', readings: [0, 0, 0] },
        { carrierId: 3, carrier: 'T-Mobile', readings: [25, 30, 28] },
        { carrierId: 4, carrier: 'Verizon', readings: [100, 95, 110] },
      ],
    });
    expect((await rep.get('/admin/api/prospects/999999999')).json()).toEqual({
      message: 'The prospect was not found.',
    });
  });
});

describe('hostile input', () => {
  const textFields: [string, (value: string) => Record<string, unknown>, string][] = [
    ['name', (v) => validForm({ name: v }), 'The name'],
    ['action_taken', (v) => validForm({ action_taken: v }), 'The action taken'],
    ['comments', (v) => validForm({ comments: v }), 'The comments'],
    [
      'address.address',
      (v) => validForm({ address: { address: v, city: 'B', state: 'TN', zip: '37064' } }),
      'The address',
    ],
    [
      'address.city',
      (v) => validForm({ address: { address: '1 A St', city: v, state: 'TN', zip: '37064' } }),
      'The city',
    ],
  ];

  it('refuses a NUL byte or a lone surrogate in every text field, and stores nothing', async () => {
    for (const [field, form, label] of textFields) {
      await expectRefused(rep, form('Ridge\u0000Rd'), field, `${label} may not contain a NUL character.`);
      await expectRefused(rep, form('Ridge \ud800'), field, `${label} contains an invalid character.`);
    }
  });

  it('refuses a NUL byte in the state and the zip', async () => {
    const at = (state: string, zip: string) => validForm({ address: { address: '1 A St', city: 'B', state, zip } });
    await expectRefused(rep, at('T\u0000', '37064'), 'address.state', 'The selected state is invalid.');
    await expectRefused(rep, at('TN', '37064\u0000'), 'address.zip', 'The zip must be a 5-digit ZIP code (or ZIP+4).');
  });

  it('refuses ids beyond 2^31−1, in hex or in exponent notation, in every id of the form', async () => {
    const fieldRep = await createUser(t.db, { isRep: true });
    for (const bad of [2147483648, '2147483648', '0x10', '1e3']) {
      await expectRefused(manager, validForm({ rep_id: bad }), 'rep_id', 'The selected rep is invalid.');
      await expectRefused(
        manager,
        validForm({ rep_id: fieldRep.id, customer_id: bad }),
        'customer_id',
        'The selected existing member is invalid.',
      );
      await expectRefused(
        rep,
        validForm({ prospect_action_id: bad }),
        'prospect_action_id',
        'The selected action is invalid.',
      );
      await expectRefused(
        rep,
        validForm({ topographies: [1, bad] }),
        'topographies.1',
        'The selected topography is invalid.',
      );
    }
  });

  it('refuses a speed test reading in exponent or hex notation', async () => {
    for (const bad of ['1e3', '0x10', '12\u0000'])
      await expectRefused(
        rep,
        validForm({ speed_tests: { ...speedTests, 1: [bad, 2, 3] } }),
        'speed_tests.1.0',
        'The speed test reading must be a number.',
      );
  });

  it('refuses list filters that are not storable: NUL search, out-of-range ids, impossible dates', async () => {
    const cases: [string, string, string][] = [
      ['q=quincy%00', 'q', 'The search may not contain a NUL character.'],
      ['repId=2147483648', 'repId', 'The selected rep is invalid.'],
      ['repId=0x10', 'repId', 'The selected rep is invalid.'],
      ['repId=1e3', 'repId', 'The selected rep is invalid.'],
      ['actionId=2147483648', 'actionId', 'The selected action is invalid.'],
      ['actionId=0x10', 'actionId', 'The selected action is invalid.'],
      ['actionId=1e3', 'actionId', 'The selected action is invalid.'],
      ['from=2024-02-30', 'from', 'The from date must be a date (YYYY-MM-DD).'],
      ['to=2023-02-29', 'to', 'The to date must be a date (YYYY-MM-DD).'],
    ];
    for (const [qs, field, message] of cases) {
      const res = await rep.get(`/admin/api/prospects?${qs}`);
      expect(res.statusCode, qs).toBe(422);
      expect(res.json().errors[field], qs).toEqual([message]);
    }
  });

  it('answers 422, not 500, for a prospect id beyond 2^31−1, in hex or in exponent notation', async () => {
    for (const bad of ['2147483648', '0x10', '1e3', '0']) {
      const res = await rep.get(`/admin/api/prospects/${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors.id, bad).toEqual(['Enter a whole number from 1 to 2147483647.']);
    }
  });
});
