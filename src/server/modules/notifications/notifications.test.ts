import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pino } from 'pino';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { alertRules, auditLog, digestSubscriptions, mailOutbox } from '../../db/schema';
import { createMailer, type Mail, type Mailer } from '../mail';
import { checkAlerts, ruleSentence } from './alert-checks';
import { ALERT_CHECKS_JOB } from './job-names';
import { sendDueDigests } from './digests';
import { readFigure, type Figure } from './figures';
import type { NotificationDeps } from './notification-deps';
import { signUnsubscribe } from './unsubscribe-tokens';
import { ChartPictures, type ChartPicture } from '../stats';
import { parseAlertMetric, UNSUBSCRIBE_REFUSED_MESSAGE } from '../../../contract/notifications';
import {
  createCancellation,
  createCredit,
  createDevice,
  createProduct,
  createSubscription,
} from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  // The checks here run with clocks and mailers of their own. The first check a new rule queues (e2e/alerts.e2e.ts
  // sees it) would run with the real clock and mailer, whenever the queue gets to it: here it does nothing.
  t = await createTestApp(
    { SESSION_SECRET: 'x'.repeat(40) },
    {
      jobs: () => [
        {
          name: ALERT_CHECKS_JOB,
          label: 'Alert checks',
          work: async () => undefined,
          retryLimit: 0,
          retryDelaySeconds: 1,
        },
      ],
    },
  );
});
afterAll(() => t.close());

const RULES = '/admin/api/notifications/rules';
const SECRET = 'x'.repeat(40);
const HOUR = 3_600_000;
const log = pino({ level: 'silent' });
const never = new AbortController().signal;

const churnRule = {
  metric: 'trend:churn-trend:rate',
  label: 'Churn · rate',
  view: 'monthly',
  condition: 'above',
  threshold: 5,
  frequency: 'hourly',
};

/** A mailer that keeps what it is asked to send; `refuse` makes it throw for the addresses it names. */
function keepingMailer(refuse = new Set<string>()): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    transport: 'outbox',
    sent,
    async send(mail) {
      if (refuse.has(mail.to)) throw new Error('550 mailbox unavailable');
      sent.push(mail);
      return { messageId: `<${sent.length}@test>`, sent: true };
    },
  };
}

function depsWith(clock: { ms: number }, mailer: Mailer, figure?: () => Figure): NotificationDeps {
  return {
    db: t.db,
    mailer,
    timeZone: 'America/Chicago',
    origin: 'https://office.example.com',
    secret: async () => SECRET,
    now: () => clock.ms,
    log,
    ...(figure ? { readFigure: async () => figure() } : {}),
  };
}

describe('alert rules', () => {
  it('are made, listed, snoozed and deleted by their owner only', async () => {
    const ann = await t.signIn({ role: 'analyst' });
    const bob = await t.signIn({ role: 'operations' });
    const made = await ann.post(RULES, churnRule);
    expect(made.statusCode).toBe(201);
    const rule = made.json();
    expect(rule).toMatchObject({ label: 'Churn · rate', firing: false, enabled: true, recipients: [] });

    expect((await ann.get('/admin/api/notifications')).json().rules.map((r: { id: number }) => r.id)).toEqual([
      rule.id,
    ]);
    expect((await bob.get('/admin/api/notifications')).json().rules).toEqual([]);
    expect((await bob.delete(`${RULES}/${rule.id}`)).statusCode).toBe(404);
    expect((await bob.post(`${RULES}/${rule.id}/snooze`, { for: 'day' })).statusCode).toBe(404);
    expect((await bob.get(`${RULES}/${rule.id}/history`)).statusCode).toBe(404);

    const snoozed = await ann.post(`${RULES}/${rule.id}/snooze`, { for: 'week' });
    expect(snoozed.statusCode).toBe(200);
    expect(Date.parse(snoozed.json().snoozedUntil) - Date.now()).toBeGreaterThan(6.9 * 24 * HOUR);
    expect((await ann.get(`${RULES}/${rule.id}/history`)).json()).toEqual([]);
    expect((await ann.delete(`${RULES}/${rule.id}`)).statusCode).toBe(204);
    const actions = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, rule.id));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['alert_rule.created', 'alert_rule.snoozed', 'alert_rule.deleted']),
    );
  });

  it('refuses what is not a figure of the dashboard, with a message on the field, and keeps nothing', async () => {
    const cara = await t.signIn({ role: 'analyst' });
    for (const [change, field] of [
      [{ metric: 'trend:churn-trend:nope' }, 'metric'],
      [{ metric: 'kpi:constructor' }, 'metric'],
      [{ metric: 'trend:__proto__:rate' }, 'metric'],
      [{ metric: 'sql:select 1' }, 'metric'],
      [{ view: 'weekly', metric: 'trend:renewals-trend:gross' }, 'view'],
      [{ view: 'yearly' }, 'view'],
      [{ threshold: 'NaN' }, 'threshold'],
      [{ threshold: 1e300 }, 'threshold'],
      [{ condition: 'change', threshold: 0 }, 'threshold'],
      [{ frequency: 'minutely' }, 'frequency'],
      [{ label: 'x\u0000' }, 'label'],
    ] as const) {
      const res = await cara.post(RULES, { ...churnRule, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    expect((await cara.get('/admin/api/notifications')).json().rules).toEqual([]);
  });

  it('lets only Administrators mail others, and only staff who may see the dashboard', async () => {
    const rep = await t.createUser({ role: 'field-rep' });
    const analyst = await t.createUser({ role: 'analyst' });
    const ops = await t.signIn({ role: 'operations' });
    const refused = await ops.post(RULES, { ...churnRule, recipientIds: [analyst.id] });
    expect(refused.statusCode).toBe(403);
    const admin = await t.signIn({ role: 'administrator' });
    expect((await admin.post(RULES, { ...churnRule, recipientIds: [rep.id] })).statusCode).toBe(422);
    const team = await admin.post(RULES, { ...churnRule, recipientIds: [analyst.id] });
    expect(team.statusCode).toBe(201);
    expect(team.json().recipients).toEqual([{ id: analyst.id, name: expect.any(String) }]);
  });
});

describe('alert rules on the returns by product and the remaining credits', () => {
  const returnsRule = (model: string) => ({
    ...churnRule,
    metric: `returns-by-model:100:${model}`,
    label: `21-day returns by product · ${model}`,
    condition: 'above',
    threshold: 0,
  });
  const creditsRule = { ...churnRule, metric: 'credits:remaining', label: 'Remaining Credits', threshold: 100 };

  it('watch a model’s returns among the latest deployed devices and the remaining credits as their cards show them', async () => {
    const product = await createProduct(t.db, { model: 'Alert Drill Phone' });
    const device = await createDevice(t.db, { productId: product.id });
    const sub = await createSubscription(t.db, { deviceId: device.id, orderedAt: new Date(Date.now() - 86_400_000) });
    await createCancellation(t.db, { subscriptionId: sub.id, cancelledAt: new Date() });
    await createCredit(t.db, {
      amount: '250.00',
      dueOn: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10),
    });
    const ann = await t.signIn({ role: 'analyst' });
    const returns = await ann.post(RULES, returnsRule('Alert Drill Phone'));
    expect(returns.statusCode).toBe(201);
    expect((await ann.post(RULES, creditsRule)).statusCode).toBe(201);

    const clock = { now: new Date(), timeZone: 'America/Chicago' };
    const row = (await ann.get('/admin/api/stats/return-rate-by-model/100'))
      .json<{ model: string; returns: number }[]>()
      .find((r) => r.model === 'Alert Drill Phone')!;
    expect(row.returns).toBe(1);
    const model = await readFigure(t.db, parseAlertMetric('returns-by-model:100:Alert Drill Phone')!, 'monthly', clock);
    expect(model).toMatchObject({ value: row.returns, previous: null });
    const credits = await readFigure(t.db, parseAlertMetric('credits:remaining')!, 'monthly', clock);
    const remaining = (await ann.get('/admin/api/stats/upcoming-credits')).json().remaining;
    expect(credits).toMatchObject({ value: Number(remaining), previous: null });

    expect(ruleSentence(returns.json())).toBe(
      '21-day returns by product · Alert Drill Phone (latest 100 deployed devices) above 0',
    );
    expect(ruleSentence({ ...creditsRule, threshold: 100 })).toBe(
      'Remaining Credits (due after the next 4 weeks) above 100',
    );
    // Checked with the owner's rights, as any rule: the model's one return is above 0, and it mails once.
    const mailer = keepingMailer();
    const at = { ms: Date.now() + 1_000 };
    await checkAlerts(depsWith(at, mailer), never);
    await checkAlerts(depsWith(at, mailer), never);
    expect(mailer.sent.filter((m) => m.to === ann.user.email).map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        'Alert: 21-day returns by product · Alert Drill Phone (latest 100 deployed devices) above 0',
      ]),
    );
    expect(mailer.sent.filter((m) => m.subject.includes('Alert Drill Phone'))).toHaveLength(1);
    await t.db.delete(alertRules).where(eq(alertRules.ownerId, ann.user.id));
  });

  it('refuses a model the chart cannot count, a change against a period they have not, and odd input, with 422 on the field', async () => {
    await createProduct(t.db, { model: 'Odd Phone' });
    const dan = await t.signIn({ role: 'analyst' });
    for (const [rule, field] of [
      [returnsRule('odd phone'), 'metric'],
      [returnsRule('Odd Phone '), 'metric'],
      [returnsRule('__proto__'), 'metric'],
      [{ ...returnsRule('Odd Phone'), metric: 'returns-by-model:100:Odd\u0000Phone' }, 'metric'],
      [returnsRule('x'.repeat(81)), 'metric'],
      [{ ...returnsRule('Odd Phone'), metric: 'returns-by-model:0100:Odd Phone' }, 'metric'],
      [{ ...returnsRule('Odd Phone'), metric: 'returns-by-model:10001:Odd Phone' }, 'metric'],
      [{ ...returnsRule('Odd Phone'), metric: 'returns-by-model:99999999999999999999:Odd Phone' }, 'metric'],
      [{ ...returnsRule('Odd Phone'), metric: 'returns-by-model:100' }, 'metric'],
      [{ ...returnsRule('Odd Phone'), condition: 'change', threshold: 10 }, 'condition'],
      [{ ...returnsRule('Odd Phone'), threshold: 1e300 }, 'threshold'],
      [{ ...creditsRule, metric: 'credits:remaining:x' }, 'metric'],
      [{ ...creditsRule, metric: 'credits:__proto__' }, 'metric'],
      [{ ...creditsRule, condition: 'change', threshold: 10 }, 'condition'],
      [{ ...creditsRule, threshold: '9'.repeat(400) }, 'threshold'],
    ] as const) {
      const res = await dan.post(RULES, rule);
      expect(res.statusCode, JSON.stringify(rule)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(rule)).toEqual([field]);
    }
    const unknown = await dan.post(RULES, returnsRule('odd phone'));
    expect(unknown.json().errors.metric).toEqual(["There is no model named 'odd phone'."]);
    expect((await dan.get('/admin/api/notifications')).json().rules).toEqual([]);
    // 'SIM Only' names the lines with no phone: always counted.
    expect((await dan.post(RULES, returnsRule('SIM Only'))).statusCode).toBe(201);
    await t.db.delete(alertRules).where(eq(alertRules.ownerId, dan.user.id));
  });
});

describe('an alert check', () => {
  it('mails once per crossing of a random series: "fired" when it starts holding, "back to normal" when it stops', async () => {
    const owner = await t.createUser({ role: 'analyst' });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 9 }),
        fc.constantFrom('above', 'below'),
        async (series, threshold, condition) => {
          const clock = { ms: Date.parse('2026-06-01T12:00:00Z') };
          const [rule] = await t.db
            .insert(alertRules)
            .values({ ...churnRule, condition, threshold, ownerId: owner.id, nextCheckAt: new Date(clock.ms) })
            .returning();
          const mailer = keepingMailer();
          let value = 0;
          const deps = depsWith(clock, mailer, () => ({ value, previous: null, period: '2026-05' }));
          let crossings = 0;
          let held = false;
          for (const v of series) {
            value = v;
            const holds = condition === 'above' ? v > threshold : v < threshold;
            if (holds !== held) crossings += 1;
            held = holds;
            await checkAlerts(deps, never);
            // A second run of the same check (a retry, another instance) mails nothing more.
            await checkAlerts(deps, never);
            clock.ms += HOUR;
          }
          const mine = mailer.sent.filter((m) => m.to === owner.email);
          expect(mine.length).toBe(crossings);
          expect(mine.filter((m) => m.subject.startsWith('Alert: ')).length).toBe(Math.ceil(crossings / 2));
          expect(mine.filter((m) => m.subject.startsWith('Back to normal: ')).length).toBe(Math.floor(crossings / 2));
          await t.db.delete(alertRules).where(eq(alertRules.id, rule!.id));
        },
      ),
      { numRuns: 15 },
    );
  });

  it('mails a figure only to those who may see it, and records an SMTP refusal on the rule', async () => {
    const owner = await t.createUser({ role: 'analyst' });
    const rep = await t.createUser({ role: 'field-rep' });
    const refusing = await t.createUser({ role: 'operations' });
    const clock = { ms: Date.parse('2026-06-01T12:00:00Z') };
    const [rule] = await t.db
      .insert(alertRules)
      .values({ ...churnRule, ownerId: owner.id, recipientIds: [rep.id, refusing.id], nextCheckAt: new Date(clock.ms) })
      .returning();
    const mailer = keepingMailer(new Set([refusing.email]));
    const deps = depsWith(clock, mailer, () => ({ value: 9, previous: 4, period: '2026-05' }));
    await expect(checkAlerts(deps, never)).rejects.toThrow(/could not be sent/);
    expect(mailer.sent.map((m) => m.to)).not.toContain(rep.email);
    const [after] = await t.db.select().from(alertRules).where(eq(alertRules.id, rule!.id));
    expect(after!.lastError).toMatch(new RegExp(`${refusing.email}.*550`));
    expect(after!.firing).toBe(true);
  });

  it('sends no e-mail twice when a run is taken over half-way: each recipient is mailed once', async () => {
    const owner = await t.createUser({ role: 'analyst' });
    const other = await t.createUser({ role: 'analyst' });
    const clock = { ms: Date.parse('2026-06-02T12:00:00Z') };
    await t.db
      .insert(alertRules)
      .values({ ...churnRule, ownerId: owner.id, recipientIds: [other.id], nextCheckAt: new Date(clock.ms) });
    const real = createMailer(t.db, { defaultFrom: 'Back Office <bo@example.com>' });
    // The first run dies after the owner's e-mail went out, before the other's.
    let calls = 0;
    const dying: Mailer = {
      transport: real.transport,
      send: async (mail, l) => {
        if (mail.to === other.email && calls++ === 0) throw new Error('the process was killed');
        return real.send(mail, l);
      },
    };
    const figure = () => ({ value: 9, previous: 4, period: '2026-05' });
    await expect(checkAlerts(depsWith(clock, dying, figure), never)).rejects.toThrow();
    await checkAlerts(depsWith(clock, real, figure), never);
    const mails = await t.db.select().from(mailOutbox);
    expect(mails.filter((m) => m.to === owner.email && m.subject.startsWith('Alert: '))).toHaveLength(1);
    expect(mails.filter((m) => m.to === other.email && m.subject.startsWith('Alert: '))).toHaveLength(1);
  });

  it('carries a one-click unsubscribe, a manage link and a text part beside the HTML', async () => {
    const owner = await t.createUser({ role: 'analyst' });
    const clock = { ms: Date.parse('2026-06-03T12:00:00Z') };
    await t.db.insert(alertRules).values({ ...churnRule, ownerId: owner.id, nextCheckAt: new Date(clock.ms) });
    const mailer = keepingMailer();
    await checkAlerts(
      depsWith(clock, mailer, () => ({ value: 7.5, previous: 5, period: '2026-05' })),
      never,
    );
    const [mail] = mailer.sent.filter((m) => m.to === owner.email);
    expect(mail!.subject).toBe('Alert: Churn · rate (past year) above 5');
    expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.headers!['List-Unsubscribe']).toMatch(
      /^<https:\/\/office\.example\.com\/unsubscribe\?token=[\w-]+\.[\w-]+>$/,
    );
    expect(mail!.text).toContain('it is now 7.5 (+50 % against 5 the period before)');
    expect(mail!.text).toContain('https://office.example.com/admin/notifications');
    expect(mail!.html).toContain('Manage your alerts and digest');
  });
});

describe('a weekly digest', () => {
  it('is sent at 08:00 Chicago time on its day, once, in the weeks before and after the change to summer time', async () => {
    const reader = await t.createUser({ role: 'analyst' });
    const subscribedAt = Date.parse('2027-03-02T00:00:00Z');
    await t.db.insert(digestSubscriptions).values({
      userId: reader.id,
      cadence: 'weekly',
      weekday: 1,
      hour: 8,
      charts: [],
      lastDueAt: new Date(Date.parse('2027-03-01T14:00:00Z')),
      createdAt: new Date(subscribedAt),
    });
    const clock = { ms: subscribedAt };
    const mailer = keepingMailer();
    const deps = depsWith(clock, mailer);
    const sentAt: string[] = [];
    const draw = () => Promise.reject(new Error('no chart was asked for'));
    // The hourly run, twice each hour (a retry, another instance), over three weeks: summer time starts 14 March.
    for (; clock.ms < Date.parse('2027-03-23T00:00:00Z'); clock.ms += HOUR) {
      for (const _ of [1, 2]) {
        const before = mailer.sent.length;
        await sendDueDigests(deps, never, draw);
        if (mailer.sent.length > before) sentAt.push(new Date(clock.ms).toISOString());
      }
    }
    expect(sentAt).toEqual(['2027-03-08T14:00:00.000Z', '2027-03-15T13:00:00.000Z', '2027-03-22T13:00:00.000Z']);
    expect(mailer.sent.map((m) => m.subject)).toEqual([
      'Weekly digest · Mar 8, 2027',
      'Weekly digest · Mar 15, 2027',
      'Weekly digest · Mar 22, 2027',
    ]);
    await t.db.delete(digestSubscriptions).where(eq(digestSubscriptions.userId, reader.id));
  });
});

/**
 * Sends the digests due now with the server's chart pictures; answers the pictures in the order they were asked for
 * (a digest draws its charts at once, which end in any order) and the e-mails kept.
 */
async function sendDueDigestsDrawn() {
  const pictures = new ChartPictures(t.db, 'America/Chicago', Date.now, Promise.resolve());
  const asked: Promise<ChartPicture>[] = [];
  const mailer = keepingMailer();
  await sendDueDigests(depsWith({ ms: Date.now() }, mailer), never, (chart, query, reader) => {
    asked.push(pictures.chartPicture(chart, query, reader));
    return asked.at(-1)!;
  });
  return { drawn: await Promise.all(asked), mailer };
}

describe("a digest's charts", () => {
  it("are the page's pictures of the same rows as the chart's data route, attached to the e-mail", async () => {
    const analyst = await t.signIn({ role: 'analyst' });
    const dueLastHour = Date.now() - 2 * HOUR;
    await t.db.insert(digestSubscriptions).values({
      userId: analyst.user.id,
      cadence: 'daily',
      hour: 0,
      charts: ['churn-trend-monthly', 'subscription-activity-trend-daily'],
      lastDueAt: new Date(dueLastHour - 48 * HOUR),
    });
    const { drawn, mailer } = await sendDueDigestsDrawn();
    const [mail] = mailer.sent.filter((m) => m.to === analyst.user.email);
    expect(drawn.map((d) => d.title)).toEqual(['Cancellation/churn rate', 'Subscription Activity']);
    expect(drawn[0]!.rows).toEqual((await analyst.get('/admin/api/stats/churn-trend-monthly')).json());
    expect(drawn[1]!.rows).toEqual((await analyst.get('/admin/api/stats/subscription-activity-trend-daily')).json());
    const attachments = mail!.attachments as { cid: string; content: Buffer }[];
    expect(attachments.map((a) => a.cid)).toEqual(['chart-0', 'chart-1']);
    for (const a of attachments) expect(a.content.subarray(1, 4).toString()).toBe('PNG');
    expect(mail!.html).toContain('src="cid:chart-0"');
    expect(mail!.text).toContain(`${drawn[0]!.title} (${drawn[0]!.period})`);
    await t.db.delete(digestSubscriptions).where(eq(digestSubscriptions.userId, analyst.user.id));
  });
});

describe('a digest of the returns by product and Next 4 Weeks', () => {
  it('draws both as their data routes answer them, and says the remaining credits in its text', async () => {
    const analyst = await t.signIn({ role: 'analyst' });
    await t.db.insert(digestSubscriptions).values({
      userId: analyst.user.id,
      cadence: 'daily',
      hour: 0,
      charts: ['return-rate-by-model', 'upcoming-credits'],
      lastDueAt: new Date(Date.now() - 50 * HOUR),
    });
    const { drawn, mailer } = await sendDueDigestsDrawn();
    expect(drawn.map((d) => d.title)).toEqual(['21-day returns by product', 'Next 4 Weeks']);
    expect(drawn[0]!.rows).toEqual((await analyst.get('/admin/api/stats/return-rate-by-model/100')).json());
    const credits = (await analyst.get('/admin/api/stats/upcoming-credits')).json();
    expect(drawn[1]!.rows).toEqual(credits);
    const [mail] = mailer.sent.filter((m) => m.to === analyst.user.email);
    expect((mail!.attachments as unknown[]).length).toBe(2);
    expect(mail!.text).toContain('21-day returns by product (Latest 100 deployed devices)');
    expect(mail!.text).toContain(`  Remaining Credits: $${credits.remaining}`);
    await t.db.delete(digestSubscriptions).where(eq(digestSubscriptions.userId, analyst.user.id));
  });

  it('is saved with them, and refuses a chart that is not on the dashboard', async () => {
    const eve = await t.signIn({ role: 'analyst' });
    const saved = await eve.put('/admin/api/notifications/digest', {
      cadence: 'daily',
      hour: 8,
      charts: ['upcoming-credits', 'return-rate-by-model'],
    });
    expect(saved.statusCode).toBe(200);
    const refused = await eve.put('/admin/api/notifications/digest', {
      cadence: 'daily',
      hour: 8,
      charts: ['return-rate-by-model-monthly'],
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['charts.0']);
  });
});

describe('an unsubscribe link', () => {
  async function ownedRule() {
    const owner = await t.createUser({ role: 'analyst' });
    const [rule] = await t.db
      .insert(alertRules)
      .values({ ...churnRule, ownerId: owner.id })
      .returning();
    return { owner, rule: rule! };
  }
  const enabled = async (id: number) => (await t.db.select().from(alertRules).where(eq(alertRules.id, id)))[0]!.enabled;

  it('stops a rule in one click from a mail client, with no session and no CSRF token', async () => {
    const { owner, rule } = await ownedRule();
    const token = signUnsubscribe(SECRET, { kind: 'alert', id: rule.id, userId: owner.id }, Date.now());
    const guest = await t.guest();
    const shown = await guest.get(`/unsubscribe?token=${token}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<button type="submit"');
    expect(await enabled(rule.id)).toBe(true);
    const res = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('You will no longer receive e-mails of the alert');
    expect(await enabled(rule.id)).toBe(false);
  });

  it('refuses a forged, expired or another person’s link, and changes nothing', async () => {
    const { owner, rule } = await ownedRule();
    const stranger = await t.createUser({ role: 'analyst' });
    const good = signUnsubscribe(SECRET, { kind: 'alert', id: rule.id, userId: owner.id }, Date.now());
    const [payload] = good.split('.');
    const tokens = [
      signUnsubscribe('y'.repeat(40), { kind: 'alert', id: rule.id, userId: owner.id }, Date.now()),
      `${payload}.${'A'.repeat(43)}`,
      signUnsubscribe(SECRET, { kind: 'alert', id: rule.id, userId: owner.id }, Date.now() - 91 * 86_400_000),
      signUnsubscribe(SECRET, { kind: 'alert', id: rule.id, userId: stranger.id }, Date.now()),
      signUnsubscribe(SECRET, { kind: 'digest', id: rule.id, userId: owner.id }, Date.now()).replace(/^./, 'x'),
      'not-a-token',
      `${good}.extra`,
      '%00',
    ];
    for (const token of tokens) {
      const res = await t.app.inject({ method: 'POST', url: `/unsubscribe?token=${encodeURIComponent(token)}` });
      expect(res.statusCode, token).toBe(400);
      expect(res.body).toContain(UNSUBSCRIBE_REFUSED_MESSAGE);
    }
    expect((await t.app.inject({ method: 'POST', url: '/unsubscribe' })).statusCode).toBe(400);
    expect(await enabled(rule.id)).toBe(true);
  });
});
