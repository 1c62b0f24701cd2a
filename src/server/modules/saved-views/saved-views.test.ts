import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { SAVED_VIEWS_FULL_MESSAGE, SAVED_VIEWS_MAX } from '../../../contract/saved-views';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PATH = '/admin/api/saved-views';

describe('saved views', () => {
  it('keeps each person’s named filters of a list, replaces a name saved again, and deletes them', async () => {
    const ann = await t.signIn({ role: 'analyst' });
    const bob = await t.signIn({ role: 'operations' });
    const saved = await ann.post(PATH, { list: 'cancellations', name: ' Returns this month ', search: '?type=return' });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ list: 'cancellations', name: 'Returns this month', search: '?type=return' });
    await ann.post(PATH, { list: 'cancellations', name: 'AT&T', search: '?carrierId=1' });
    const again = await ann.post(PATH, { list: 'cancellations', name: 'AT&T', search: '?carrierId=1&type=return' });
    expect(again.json().id).toBeDefined();

    const views = (await ann.get(`${PATH}?list=cancellations`)).json() as {
      id: number;
      name: string;
      search: string;
    }[];
    expect(views.map((v) => [v.name, v.search])).toEqual([
      ['AT&T', '?carrierId=1&type=return'],
      ['Returns this month', '?type=return'],
    ]);
    expect((await ann.get(`${PATH}?list=devices`)).json()).toEqual([]);
    // Another person sees none of them and cannot delete them.
    expect((await bob.get(`${PATH}?list=cancellations`)).json()).toEqual([]);
    expect((await bob.delete(`${PATH}/${views[0]!.id}`)).statusCode).toBe(404);
    expect((await ann.delete(`${PATH}/${views[0]!.id}`)).statusCode).toBe(204);
    expect((await ann.get(`${PATH}?list=cancellations`)).json()).toHaveLength(1);
  });

  it('refuses what it cannot keep with a message on the field, and nothing changes', async () => {
    const cara = await t.signIn();
    for (const [body, field] of [
      [{ list: 'audit-log', name: 'x', search: '' }, 'list'],
      [{ list: 'devices', name: '', search: '' }, 'name'],
      [{ list: 'devices', name: 'x', search: 'status=1' }, 'search'],
      [{ list: 'devices', name: 'x'.repeat(61), search: '' }, 'name'],
      [{ list: 'devices', name: 'x\u0000', search: '' }, 'name'],
    ] as const) {
      const res = await cara.post(PATH, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    for (let i = 0; i < SAVED_VIEWS_MAX; i++) await cara.post(PATH, { list: 'devices', name: `View ${i}`, search: '' });
    const full = await cara.post(PATH, { list: 'devices', name: 'One more', search: '' });
    expect(full.statusCode).toBe(422);
    expect(full.json().errors.name).toEqual([SAVED_VIEWS_FULL_MESSAGE]);
    // Saving an existing name again is still allowed when full.
    expect((await cara.post(PATH, { list: 'devices', name: 'View 0', search: '?status=2' })).statusCode).toBe(201);
    expect((await cara.get(`${PATH}?list=devices`)).json()).toHaveLength(SAVED_VIEWS_MAX);
  });
});
