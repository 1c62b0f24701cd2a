import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../../test/app';
import { startTestSmtp, type TestSmtp } from '../../test/smtp-server';
import { auditLog, mailOutbox, settings } from '../../db/schema';
import {
  DEFAULT_LOOKUP_EMAIL,
  MAX_TEST_ADDRESSES,
  SETTINGS_CHANGED_MESSAGE,
  type OutboxRow,
} from '../../../contract/settings';

/** A real SMTP server that refuses one recipient. */
const startSmtp = () =>
  startTestSmtp({
    beforeRecipient: async (to) => {
      if (to === 'refused@example.com') throw Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
    },
  });

const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1];

const customSettings = {
  subject: 'Plans for {name}',
  senderName: 'Plan Desk',
  senderEmail: 'plans@example.com',
  body: 'Hello {name} at {email}, sent {date}.',
};

let smtp: TestSmtp;
let t: TestApp;
let agent: Awaited<ReturnType<TestApp['signIn']>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url });
  agent = await t.signIn({ name: 'Sam Settings' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const outboxCount = async () => (await t.db.select().from(mailOutbox)).length;

/** Saves over whatever version is current, as the settings form does after loading it. */
async function save(staff: Agent, values: object) {
  const version = (await staff.get('/admin/api/settings/lookup-email')).json<{ updatedAt: string | null }>().updatedAt;
  return staff.put('/admin/api/settings/lookup-email', { ...customSettings, ...values, version });
}

describe('lookup e-mail settings', () => {
  it('answers the defaults before anything is saved', async () => {
    const res = await agent.get('/admin/api/settings/lookup-email');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...DEFAULT_LOOKUP_EMAIL, updatedAt: null, updatedBy: null });
  });

  it('saves the settings, answers them with who saved them, and audits before and after', async () => {
    const res = await save(agent, customSettings);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...customSettings, updatedBy: 'Sam Settings' });
    const [row] = await t.db.select().from(settings).where(eq(settings.key, 'lookup_email'));
    expect(row!.value).toEqual(customSettings);
    const second = await save(agent, { subject: 'Changed {date}' });
    expect(second.statusCode).toBe(200);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityType, 'settings.lookup_email'));
    expect(audit.at(-1)).toMatchObject({
      before: customSettings,
      after: { ...customSettings, subject: 'Changed {date}' },
      userId: agent.user.id,
    });
    await save(agent, customSettings);
  });

  it.each([
    ['an empty subject', { subject: ' ' }, 'subject', 'The subject field is required.'],
    [
      'an unknown placeholder',
      { body: 'Hi {first_name}' },
      'body',
      'The body uses the unknown placeholder {first_name}. Use {name}, {email}, {date}.',
    ],
    [
      'a bad sender address',
      { senderEmail: 'plans@' },
      'senderEmail',
      'The sender email must be a valid email address.',
    ],
    [
      'a sender name with angle brackets',
      { senderName: 'Evil <x@y.z>' },
      'senderName',
      'The sender name may not contain <, >, quotes or line breaks.',
    ],
  ])('refuses %s with 422 and changes nothing', async (_label, change, field, message) => {
    const res = await save(agent, change);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    expect((await agent.get('/admin/api/settings/lookup-email')).json()).toMatchObject(customSettings);
  });
});

describe('saving over someone else', () => {
  it('refuses a save of an older version with 409 and keeps the newer settings', async () => {
    const other = await t.signIn({ name: 'Olga Other' });
    const loaded = (await agent.get('/admin/api/settings/lookup-email')).json<{ updatedAt: string }>().updatedAt;
    expect((await save(other, { subject: 'Saved first by Olga' })).statusCode).toBe(200);
    const late = await agent.put('/admin/api/settings/lookup-email', {
      ...customSettings,
      subject: 'Too late',
      version: loaded,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().errors).toEqual([SETTINGS_CHANGED_MESSAGE]);
    expect((await agent.get('/admin/api/settings/lookup-email')).json()).toMatchObject({
      subject: 'Saved first by Olga',
    });
    await save(agent, customSettings);
  });

  it('lets exactly one of two simultaneous saves of the same version through', async () => {
    const other = await t.signIn();
    const version = (await agent.get('/admin/api/settings/lookup-email')).json<{ updatedAt: string }>().updatedAt;
    const audits = async () =>
      (await t.db.select().from(auditLog).where(eq(auditLog.entityType, 'settings.lookup_email'))).length;
    const before = await audits();
    const answers = await Promise.all([
      agent.put('/admin/api/settings/lookup-email', { ...customSettings, subject: 'A', version }),
      other.put('/admin/api/settings/lookup-email', { ...customSettings, subject: 'B', version }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await audits()).toBe(before + 1);
    await save(agent, customSettings);
  });

  it('lets exactly one of two simultaneous first saves through', async () => {
    const fresh = await createTestApp();
    try {
      const [a, b] = [await fresh.signIn(), await fresh.signIn()];
      const answers = await Promise.all([
        a.put('/admin/api/settings/lookup-email', { ...customSettings, subject: 'A', version: null }),
        b.put('/admin/api/settings/lookup-email', { ...customSettings, subject: 'B', version: null }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((r) => r.statusCode === 200)!.json<{ subject: string }>().subject;
      expect((await a.get('/admin/api/settings/lookup-email')).json()).toMatchObject({ subject: winner });
    } finally {
      await fresh.close();
    }
  });

  it('refuses a save without a version with 422', async () => {
    const res = await agent.put('/admin/api/settings/lookup-email', customSettings);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.version).toEqual(['The version field is required.']);
  });
});

describe('POST /admin/settings/send-lookup-email-test', () => {
  it('sends one real e-mail per address through SMTP with the saved settings, and records each in the outbox', async () => {
    await save(agent, customSettings);
    smtp.received.length = 0;
    const res = await agent.post('/admin/settings/send-lookup-email-test', {
      addresses: 'ann@example.com, bob@example.org,, ANN@example.com ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: true, count: 2, transport: 'smtp' });

    expect(smtp.received.map((m) => m.to)).toEqual([['ann@example.com'], ['bob@example.org']]);
    const [first] = smtp.received;
    expect(first!.from).toBe('plans@example.com');
    expect(header(first!.raw, 'Subject')).toBe('Plans for Sam Settings');
    expect(header(first!.raw, 'From')).toBe('Plan Desk <plans@example.com>');
    expect(first!.raw).toMatch(/Hello Sam Settings at ann@example\.com, sent \d{2}\/\d{2}\/\d{4}\./);

    const rows = await t.db.select().from(mailOutbox);
    expect(rows.filter((r) => r.transport === 'smtp').map((r) => r.to)).toEqual(['ann@example.com', 'bob@example.org']);
    expect(rows.every((r) => r.messageId)).toBe(true);
  });

  it.each([
    ['an empty field', '', 'The addresses field is required.'],
    ['only commas', ' , ,', 'The addresses field is required.'],
    ['a malformed address, named', 'ann@example.com, bob@, carl@example.com', '"bob@" is not a valid email address.'],
    [
      'an address with a display name',
      'Ann <ann@example.com>',
      '"Ann <ann@example.com>" is not a valid email address.',
    ],
    [
      '500 addresses',
      Array.from({ length: 500 }, (_, i) => `user${i}@example.com`).join(','),
      `No more than ${MAX_TEST_ADDRESSES} addresses may be sent to at once.`,
    ],
  ])('refuses %s with 422 and sends nothing', async (_label, addresses, message) => {
    smtp.received.length = 0;
    const before = await outboxCount();
    const res = await agent.post('/admin/settings/send-lookup-email-test', { addresses });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.addresses).toEqual([message]);
    expect(smtp.received).toHaveLength(0);
    expect(await outboxCount()).toBe(before);
  });

  it('refuses a missing field and a list instead of text', async () => {
    for (const payload of [{}, { addresses: ['a@example.com'] }]) {
      const res = await agent.post('/admin/settings/send-lookup-email-test', payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.addresses).toEqual(['The addresses field is required.']);
    }
  });

  it('answers 502 naming the address the SMTP server refused, keeping the ones sent before it', async () => {
    smtp.received.length = 0;
    const before = await outboxCount();
    const res = await agent.post('/admin/settings/send-lookup-email-test', {
      addresses: 'ok@example.com, refused@example.com, never@example.com',
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().errors[0]).toMatch(
      /^The e-mail to refused@example\.com could not be sent \(1 sent before it\): .*Mailbox unavailable/,
    );
    expect(smtp.received.map((m) => m.to)).toEqual([['ok@example.com']]);
    expect(await outboxCount()).toBe(before + 1);
  });
});

describe('with an SMTP server that cannot be reached', () => {
  it('answers 502 with the reason, records nothing, and keeps the server up', async () => {
    const closed = await startSmtp();
    await closed.close();
    const local = await createTestApp({ SMTP_URL: closed.url });
    try {
      const staff = await local.signIn();
      const res = await staff.post('/admin/settings/send-lookup-email-test', { addresses: 'one@example.com' });
      expect(res.statusCode).toBe(502);
      expect(res.json().errors[0]).toMatch(/^The e-mail to one@example\.com could not be sent: .*ECONNREFUSED/);
      expect(await local.db.select().from(mailOutbox)).toHaveLength(0);
      expect((await staff.get('/admin/api/mail-outbox')).statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe('without SMTP_URL', () => {
  it('keeps the e-mails in the outbox, which lists recipient, subject and time newest first', async () => {
    const local = await createTestApp();
    try {
      const staff = await local.signIn({ name: 'Olive Outbox' });
      const res = await staff.post('/admin/settings/send-lookup-email-test', {
        addresses: 'one@example.com,two@example.com',
      });
      expect(res.json()).toEqual({ sent: true, count: 2, transport: 'outbox' });
      const list = await staff.get('/admin/api/mail-outbox');
      expect(list.statusCode).toBe(200);
      const page = list.json<{ rows: OutboxRow[]; total: number }>();
      expect(page.total).toBe(2);
      expect(page.rows.map((r) => r.to)).toEqual(['two@example.com', 'one@example.com']);
      expect(page.rows[0]).toMatchObject({
        to: 'two@example.com',
        subject: DEFAULT_LOOKUP_EMAIL.subject,
        transport: 'outbox',
      });
      expect(page.rows[0]!.text).toContain('Hi Olive Outbox,');
      expect(Date.parse(page.rows[0]!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    } finally {
      await local.close();
    }
  });
});

describe('hostile input', () => {
  const lookupEmailRow = async () => (await t.db.select().from(settings).where(eq(settings.key, 'lookup_email')))[0];

  it.each([
    [
      'a NUL byte in the subject',
      { subject: 'Plans\u0000 for {name}' },
      'subject',
      'The subject may not contain a NUL character.',
    ],
    [
      'a NUL byte in the sender name',
      { senderName: 'Plan\u0000Desk' },
      'senderName',
      'The sender name may not contain a NUL character.',
    ],
    [
      'a NUL byte in the sender email',
      { senderEmail: 'plans\u0000@example.com' },
      'senderEmail',
      'The sender email may not contain a NUL character.',
    ],
    ['a NUL byte in the body', { body: 'Hello\u0000 {name}' }, 'body', 'The body may not contain a NUL character.'],
    [
      'a lone surrogate in the subject',
      { subject: 'Plans \ud800' },
      'subject',
      'The subject contains an invalid character.',
    ],
    ['a lone surrogate in the body', { body: 'Hello \udc00' }, 'body', 'The body contains an invalid character.'],
  ])('refuses %s in the settings with 422 and changes nothing', async (_label, change, field, message) => {
    await save(agent, customSettings);
    const before = await lookupEmailRow();
    const res = await save(agent, change);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    expect(await lookupEmailRow()).toEqual(before);
  });

  it.each([
    ['a NUL byte', '2024-01-01T00:00:00.000Z\u0000'],
    ['an impossible date', '2024-02-30T10:00:00.000Z'],
    ['a lone surrogate', '\ud800'],
  ])('refuses %s as the version with 422 and changes nothing', async (_label, version) => {
    const before = await lookupEmailRow();
    const res = await agent.put('/admin/api/settings/lookup-email', { ...customSettings, subject: 'Never', version });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.version).toEqual(['The version must be the time the settings were saved.']);
    expect(await lookupEmailRow()).toEqual(before);
  });

  it.each([
    ['a NUL byte', 'ann@example.com\u0000, bob@example.com', 'The addresses may not contain a NUL character.'],
    ['a lone surrogate', 'ann@example.com, \ud800bob@example.com', 'The addresses contains an invalid character.'],
  ])('refuses %s in the test addresses with 422 and sends nothing', async (_label, addresses, message) => {
    smtp.received.length = 0;
    const before = await outboxCount();
    const res = await agent.post('/admin/settings/send-lookup-email-test', { addresses });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.addresses).toEqual([message]);
    expect(smtp.received).toHaveLength(0);
    expect(await outboxCount()).toBe(before);
  });

  it.each([
    ['page=0x10', 'page', 'Enter a whole number from 1 to 100000.'],
    ['page=1e3', 'page', 'Enter a whole number from 1 to 100000.'],
    ['page=2147483648', 'page', 'Enter a whole number from 1 to 100000.'],
    ['page=%00', 'page', 'Enter a whole number from 1 to 100000.'],
    ['perPage=2147483648', 'perPage', 'perPage must be one of: 25, 50, 100.'],
    ['perPage=1e1', 'perPage', 'perPage must be one of: 25, 50, 100.'],
    ['perPage=10', 'perPage', 'perPage must be one of: 25, 50, 100.'],
  ])('refuses the outbox query %s with 422 on that field', async (query, field, message) => {
    const res = await agent.get(`/admin/api/mail-outbox?${query}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });
});
