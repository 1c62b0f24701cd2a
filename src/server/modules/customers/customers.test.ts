import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createCustomer } from '../../seed/factories';

let t: TestApp;
let agent: Awaited<ReturnType<TestApp['signIn']>>;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn();
});
afterAll(() => t.close());

const search = async (q: string) => {
  const res = await agent.get(`/admin/api/customers/search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { id: number; name: string }[];
};

describe('customer search', () => {
  it('answers an empty list, without searching, to fewer than 3 characters', async () => {
    await createCustomer(t.db, { name: 'Ab Quixote' });
    expect(await search('Ab')).toEqual([]);
    expect(await search('  a  ')).toEqual([]);
    expect(await search('')).toEqual([]);
  });

  it('finds a customer by exact id, answering only id and name', async () => {
    const c = await createCustomer(t.db, { name: 'Idris Numberfound' });
    // Ids of a fresh test database are short; leading zeros make 3 characters and the same number.
    const rows = await search(String(c.id).padStart(3, '0'));
    expect(rows[0]).toEqual({ id: c.id, name: 'Idris Numberfound' });
  });

  it('finds a customer by any part of the name, case-insensitively', async () => {
    const c = await createCustomer(t.db, { name: 'Marguerite Zellweger' });
    expect(await search('zellw')).toContainEqual({ id: c.id, name: c.name });
    expect(await search('GUERITE')).toContainEqual({ id: c.id, name: c.name });
  });

  it('lists names starting with the text first, alphabetically', async () => {
    const later = await createCustomer(t.db, { name: 'Yvonne Qarst' });
    const first = await createCustomer(t.db, { name: 'Yvette Qarst' });
    const inside = await createCustomer(t.db, { name: 'Bo Yvonnesson' });
    const rows = await search('yv');
    expect(rows).toEqual([]);
    const ids = (await search('yvo')).map((r) => r.id);
    expect(ids).toEqual([later.id, inside.id]);
    expect((await search('Yve')).map((r) => r.id)).toEqual([first.id]);
  });

  it('tolerates a typo in a name', async () => {
    const c = await createCustomer(t.db, { name: 'Bartholomew Fitzwilliam' });
    expect(await search('Fitzwiliam')).toContainEqual({ id: c.id, name: c.name });
    expect(await search('Bartolomew')).toContainEqual({ id: c.id, name: c.name });
  });

  it('finds a customer by phone and by e-mail, ignoring case and phone punctuation', async () => {
    const c = await createCustomer(t.db, {
      name: 'Phoebe Dialer',
      phone: '6155550199',
      email: 'Phoebe.Dialer@Example.test',
    });
    expect(await search('(615) 555-0199')).toEqual([{ id: c.id, name: c.name }]);
    expect(await search('phoebe.dialer@example.TEST')).toEqual([{ id: c.id, name: c.name }]);
  });

  it('takes % and _ literally', async () => {
    const percent = await createCustomer(t.db, { name: 'Acme 100% Wireless' });
    const underscore = await createCustomer(t.db, { name: 'snake_case Holdings' });
    await createCustomer(t.db, { name: 'Acme 1000 Wirelessly' });
    await createCustomer(t.db, { name: 'snakeXcase Holdings' });
    expect((await search('100%')).map((r) => r.id)).toEqual([percent.id]);
    expect((await search('e_c')).map((r) => r.id)).toEqual([underscore.id]);
    expect(await search('%%%')).toEqual([]);
    expect(await search('___')).toEqual([]);
  });

  it('answers at most 10 matches', async () => {
    for (let i = 0; i < 12; i++) await createCustomer(t.db, { name: `Tenlimit Person ${i}` });
    expect(await search('Tenlimit')).toHaveLength(10);
  });

  it('accepts a 100-character query and refuses a 200-character one with a message', async () => {
    expect(await search('x'.repeat(100))).toEqual([]);
    const res = await agent.get(`/admin/api/customers/search?q=${'x'.repeat(200)}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.q).toEqual(['The q may not be longer than 100 characters.']);
  });

  it('needs a signed-in user', async () => {
    const guest = await t.guest();
    expect((await guest.get('/admin/api/customers/search?q=abc')).statusCode).toBe(401);
  });
});
