import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { startPrimaryWithReplica, type PrimaryWithReplica } from './test/pg-cluster';
import { Session } from './test/http-session';
import { spaShell } from './test/app';
import { SCALES } from './seed/generate';
import { supplierBody } from './test/factories/supplier';
import { SCHEDULES_CLOCK } from './jobs/pg-boss-queue';
import { startTestSmtp, type TestSmtp } from './test/smtp-server';
import { ALERT_CHECKS_JOB } from './modules/notifications';
import { can, type RoleId } from '../contract/access';

/**
 * Two app instances on a PostgreSQL 15 primary with a streaming replica, as production would run them behind a
 * load balancer: one browser session talks to both.
 */

const ADMIN = { email: 'admin@example.com', password: 'cluster-admin-password-1' };
const LOGIN_RATE_LIMIT = 8;
/** A notification run still active 10 s after it started is lost; lost runs are looked for every 2 s (ADR 060). */
const NOTIFICATION_JOB_EXPIRE_SECONDS = 10;

interface Instance {
  name: string;
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** The sender of an instance's e-mails: the SMTP server tells by it which instance sends. */
const mailFromOf = (name: string) => `instance-${name.toLowerCase()}@example.com`;

function startInstance(name: string, cluster: PrimaryWithReplica): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: cluster.primary.url(),
      DATABASE_REPLICA_URLS: cluster.replica.url(),
      PORT: '0',
      DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: spaShell(),
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_RATE_LIMIT: String(LOGIN_RATE_LIMIT),
      SMTP_URL: smtp.url,
      MAIL_FROM: `Back Office ${name} <${mailFromOf(name)}>`,
      NOTIFICATION_JOB_EXPIRE_SECONDS: String(NOTIFICATION_JOB_EXPIRE_SECONDS),
      NOTIFICATION_RETRY_SECONDS: '1',
    },
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const ready = /Back office ready at (http:\/\/\S+)\/admin/.exec(output);
      if (ready) {
        clearInterval(timer);
        resolve({ name, child, url: ready[1]!, output: () => output });
      }
    }, 50);
    child.on('exit', () => {
      clearInterval(timer);
      reject(new Error(`instance ${name} exited:\n${output}`));
    });
  });
}

let cluster: PrimaryWithReplica;
let a: Instance;
let b: Instance;
let primary: pg.Pool;
/** One browser, signed in on A; `onB` is the same browser's requests reaching B. */
let onA: Session;
let onB: Session;
/** The SMTP server both instances send through; `mailGate` is asked before each recipient is accepted. */
let smtp: TestSmtp;
let mailGate = async (_to: string, _from: string) => {};

beforeAll(async () => {
  smtp = await startTestSmtp({ beforeRecipient: (to, from) => mailGate(to, from) });
  cluster = await startPrimaryWithReplica();
  primary = new pg.Pool({ connectionString: cluster.primary.url(), max: 2 });
  // At the same moment, on the empty database.
  [a, b] = await Promise.all([startInstance('A', cluster), startInstance('B', cluster)]);
  onA = new Session(a.url);
  await onA.signIn(ADMIN.email, ADMIN.password);
  onB = onA.at(b.url);
}, 240_000);

afterAll(async () => {
  for (const instance of [a, b]) if (instance?.child.exitCode === null) instance.child.kill('SIGKILL');
  await primary?.end();
  cluster?.remove();
  await smtp?.close();
});

const count = async (sql: string) => Number((await primary.query<{ n: string }>(sql)).rows[0]!.n);

/** Sends `n` runs to the queue of the schedules' clock, as pg-boss's cron does once a minute; answers their ids. */
const lookAtSchedulesNow = (n: number) => sendRuns(SCHEDULES_CLOCK, n);

/** Sends `n` runs to a queue at once, as the instances' schedules would; answers their ids. */
async function sendRuns(queue: string, n: number): Promise<string[]> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => primary.query(text, values) },
    schema: 'pgboss',
    // Only sends: the instances keep pg-boss's schema, its upkeep and its cron.
    migrate: false,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  try {
    const ids = await Promise.all(Array.from({ length: n }, () => boss.send(queue, {})));
    return ids.map((id) => id!);
  } finally {
    await boss.stop({ close: false, graceful: false });
  }
}

/**
 * Holds the second e-mail to any of `addresses` before its recipient is accepted, so that nothing of it is sent;
 * `held` answers the sender it came from, `refuse` ends it with a refusal once its client is gone.
 */
function holdSecondMailTo(addresses: string[]) {
  let seen = 0;
  let heldFrom!: (from: string) => void;
  let refuse!: () => void;
  const held = new Promise<string>((resolve) => (heldFrom = resolve));
  const refused = new Promise<void>(
    (_, reject) => (refuse = () => reject(Object.assign(new Error('Try again later'), { responseCode: 421 }))),
  );
  mailGate = async (to, from) => {
    if (!addresses.includes(to) || ++seen !== 2) return;
    heldFrom(from);
    await refused;
  };
  return {
    held,
    refuse: () => {
      refuse();
      mailGate = async () => {};
    },
  };
}

/** Waits until fn answers true, trying every 100 ms for at most `ms`. */
async function eventually(fn: () => Promise<boolean>, ms = 5_000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100)))
    if (await fn()) return true;
  return false;
}

describe('two instances on a primary and a streaming replica', () => {
  it('prepare an empty database exactly once when started together', async () => {
    const outputs = [a.output(), b.output()];
    expect(outputs.filter((o) => o.includes('Admin account created')).length).toBe(1);
    expect(outputs.filter((o) => o.includes('Demo accounts, one per role')).length).toBe(1);
    const journal = JSON.parse(fs.readFileSync(path.join('src/server/db/migrations/meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    expect(await count('select count(*) as n from drizzle.__drizzle_migrations')).toBe(journal.entries.length);
    expect(await count("select count(*) as n from users where role = 'administrator'")).toBe(1);
    expect(await count('select count(*) as n from customers')).toBe(SCALES.demo.customers);
    expect(await count("select count(*) as n from settings where key = 'session_secret'")).toBe(1);
  });

  it('count sign-in attempts on both instances toward one limit', async () => {
    // The address has used one attempt a moment ago: the sign-in before the tests.
    const allowed = LOGIN_RATE_LIMIT - 1;
    const statuses: number[] = [];
    for (let i = 0; i <= allowed; i++) {
      const res = await new Session(i % 2 ? a.url : b.url).trySignIn(`nobody${i}@example.com`, 'wrong password 1'); // 422: wrong credentials;
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array<number>(allowed).fill(422), 429]);
  });

  it('serve one session on both, each write read back at once on the other instance', async () => {
    for (let i = 0; i < 10; i++) {
      const [writer, reader] = i % 2 ? [onA, onB] : [onB, onA];
      const created = await writer.request('POST', '/admin/api/suppliers', supplierBody({ name: `Both ways ${i}` }));
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: number };
      const read = await reader.request('GET', `/admin/api/suppliers/${id}`);
      expect(read.status).toBe(200);
      expect(((await read.json()) as { name: string }).name).toBe(`Both ways ${i}`);

      const renamed = await reader.request('PUT', `/admin/api/suppliers/${id}`, supplierBody({ name: `Renamed ${i}` }));
      expect(renamed.status).toBe(200);
      const list = await writer.request('GET', `/admin/api/suppliers?q=${encodeURIComponent(`Renamed ${i}`)}`);
      expect(((await list.json()) as { rows: { id: number }[] }).rows.map((r) => r.id)).toContain(id);
    }
    expect(onA.cookie('bo_wrote')).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
  });

  it('answer a create sent again to the other instance (its first answer lost) with the first answer, once', async () => {
    const key = randomUUID();
    const body = { body: 'Sent from a phone whose first answer was lost on the way' };
    const first = await onA.request('POST', '/admin/feedback-submissions', body, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const again = await onB.request('POST', '/admin/feedback-submissions', body, { 'idempotency-key': key });
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    const other = await onB.request(
      'POST',
      '/admin/feedback-submissions',
      { body: 'Another' },
      { 'idempotency-key': key },
    );
    expect(other.status).toBe(422);
    expect(await count(`select count(*) as n from feedback_submissions where body = '${body.body}'`)).toBe(1);
  });

  it('send a due digest once when both instances run the digest job at the same moment', async () => {
    await primary.query(
      `insert into digest_subscriptions (user_id, cadence, hour, charts, last_due_at)
       select id, 'daily', 0, '{}', now() - interval '3 days' from users where email = $1`,
      [ADMIN.email],
    );
    const runs = await sendRuns('digests', 4);
    const done = () =>
      count(`select count(*) as n from pgboss.job where id = any('{${runs.join(',')}}') and state = 'completed'`);
    expect(await eventually(async () => (await done()) === runs.length, 60_000)).toBe(true);
    expect(await count("select count(*) as n from mail_outbox where idempotency_key like 'digest:%'")).toBe(1);
  });

  it('serve lists, search and stats from the replica', async () => {
    // Once the replica has replayed this browser's last write, its reads go there.
    const served = (marker: RegExp) =>
      eventually(async () => {
        const before = cluster.replica.log().length;
        for (const url of ['/admin/api/customers?q=Smith', '/admin/api/stats/subscription-activity-trend-monthly']) {
          const res = await onB.request('GET', url);
          expect(res.status).toBe(200);
        }
        return marker.test(cluster.replica.log().slice(before));
      });
    expect(await served(/from "customers"/i)).toBe(true);
    expect(await served(/stats_(daily|monthly)/i)).toBe(true);
    const ready = (await (await fetch(`${b.url}/ready`)).json()) as { replicas: { status: string }[] };
    expect(ready.replicas).toMatchObject([{ name: 'replica 1', status: 'ok' }]);
  });

  // Waits for the first look of pg-boss's clock: after the sign-in count, which relies on an attempt made a moment
  // ago, and while both instances still run.
  it("queue each nightly job's due run once between them, and run it once", async () => {
    // On an empty database the last 03:30 is unclaimed: the first look after the start (pg-boss's clock, once a
    // minute) claims it on one instance, whose run one of the two works.
    const runs = (name: string) =>
      count(`select count(*) as n from (select id from pgboss.job where name = '${name}' and state = 'completed'
        union all select id from pgboss.archive where name = '${name}' and state = 'completed') r`);
    const bothDone = async () => (await runs('audit-retention')) >= 1 && (await runs('idempotency-purge')) >= 1;
    expect(await eventually(bothDone, 110_000)).toBe(true);
    // Later looks, on whichever instances take them, find the due time claimed and queue nothing. The test sends
    // them to the clock's queue itself rather than wait a minute for each of pg-boss's.
    const looks = await lookAtSchedulesNow(4);
    const looked = () =>
      count(`select count(*) as n from (select id, state from pgboss.job union all select id, state from pgboss.archive) r
        where id = any('{${looks.join(',')}}'::uuid[]) and state = 'completed'`);
    expect(await eventually(async () => (await looked()) === looks.length, 20_000)).toBe(true);
    expect(await runs('audit-retention')).toBe(1);
    expect(await runs('idempotency-purge')).toBe(1);
    // One claim row per schedule: the two nightly jobs, the hourly alert checks and digests.
    expect(await count(`select count(*) as n from settings where key like 'job_schedule:%'`)).toBe(4);
  }, 240_000);

  it('mail each recipient of a team alert once when the instance sending it is killed half-way and the other runs it again', async () => {
    const staff = await primary.query<{ id: number; email: string; role: RoleId }>(
      'select id, email, role from users where disabled_at is null order by id',
    );
    const [owner, ...recipients] = staff.rows.filter((u) => can(u.role, 'dashboard.view')).slice(0, 3);
    expect(recipients).toHaveLength(2);
    // A team rule not due for a check, with a crossing still to mail: the run sends three e-mails and nothing else.
    const rule = await primary.query<{ id: number }>(
      `insert into alert_rules (owner_id, metric, label, view, condition, threshold, frequency, recipient_ids,
         firing, next_check_at)
       values ($1, 'trend:churn-trend:rate', 'Churn rate', 'monthly', 'above', 5, 'daily', $2, true,
         now() + interval '1 day')
       returning id`,
      [owner!.id, recipients.map((r) => r.id)],
    );
    const event = await primary.query<{ id: string }>(
      `insert into alert_events (rule_id, kind, value, previous) values ($1, 'fired', 7.5, 4) returning id`,
      [rule.rows[0]!.id],
    );
    const eventId = event.rows[0]!.id;
    const addresses = [owner!, ...recipients].map((u) => u.email);
    // The e-mails of this crossing (a digest may go to the owner too).
    const mailed = () =>
      smtp.received.filter((m) => /^Subject: Alert: Churn rate \(past year\) above 5\r$/m.test(m.raw));
    const outboxRows = () =>
      count(`select count(*) as n from mail_outbox where idempotency_key like 'alert-event:${eventId}:%'`);
    const runState = async (id: string) =>
      (
        await primary.query<{ state: string; retry_count: number }>(
          `select state, retry_count from pgboss.job where id = $1
           union all select state, retry_count from pgboss.archive where id = $1`,
          [id],
        )
      ).rows[0];

    const gate = holdSecondMailTo(addresses);
    const [run] = await sendRuns(ALERT_CHECKS_JOB, 1);
    const sender = await gate.held;
    const [lost, other] = sender === mailFromOf(a.name) ? [a, b] : [b, a];
    // Half-done: one e-mail accepted and recorded, the second waiting for its recipient to be accepted.
    expect(mailed().map((m) => m.from)).toEqual([sender]);
    expect(await outboxRows()).toBe(1);
    expect(await runState(run!)).toMatchObject({ state: 'active', retry_count: 0 });
    const exited = new Promise((resolve) => lost.child.once('exit', resolve));
    lost.child.kill('SIGKILL');
    await exited;
    gate.refuse();

    // pg-boss finds the run past its expiry and queues it again; the other instance runs it.
    const completed = async () => (await runState(run!))?.state === 'completed';
    expect(await eventually(completed, 60_000)).toBe(true);
    expect(await runState(run!)).toMatchObject({ state: 'completed', retry_count: 1 });
    // Each recipient once: the first by the killed instance, the two others by the instance that carried on.
    const sent = mailed();
    expect(sent.map((m) => m.to[0]).sort()).toEqual([...addresses].sort());
    expect(sent.map((m) => m.from)).toEqual([sender, mailFromOf(other.name), mailFromOf(other.name)]);
    expect(await outboxRows()).toBe(3);
    expect(await count(`select count(*) as n from alert_events where id = ${eventId} and delivery = 'sent'`)).toBe(1);

    // The later tests work with both instances again.
    const restarted = await startInstance(lost.name, cluster);
    if (lost === a) [a, onA] = [restarted, onB.at(restarted.url)];
    else [b, onB] = [restarted, onA.at(restarted.url)];
  });

  it('lose no acknowledged write when A is killed mid-load, and carry on on B', async () => {
    const acknowledged: number[] = [];
    const failuresOnB: string[] = [];
    const appliedUnanswered: string[] = [];
    let aDead = false;
    let maxLagMs = 0;
    const lagWatch = setInterval(() => {
      void fetch(`${b.url}/ready`)
        .then((r) => r.json() as Promise<{ replicas: { lagMs: number | null }[] }>)
        .then((r) => (maxLagMs = Math.max(maxLagMs, r.replicas[0]?.lagMs ?? 0)))
        .catch(() => undefined);
    }, 100);
    let n = 0;
    const worker = async () => {
      while (n < 200) {
        const i = n++;
        if (i === 60) {
          a.child.kill('SIGKILL');
          aDead = true;
        }
        // The load balancer's choice; a request A never answered is sent again to B. If A had committed it
        // before dying, B refuses the copy (the name is taken): applied once, as it should be.
        let retry = false;
        for (const target of i % 2 && !aDead ? [onA, onB] : [onB]) {
          try {
            const res = await target.request('POST', '/admin/api/suppliers', supplierBody({ name: `Load ${i}` }));
            if (res.status === 201) acknowledged.push(((await res.json()) as { id: number }).id);
            else if (retry && res.status === 422) appliedUnanswered.push(`Load ${i}`);
            else failuresOnB.push(`${res.status} ${await res.text()}`);
            break;
          } catch (err) {
            if (target === onB) failuresOnB.push(String(err));
            retry = true;
          }
        }
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    clearInterval(lagWatch);
    expect(aDead).toBe(true);
    expect(failuresOnB).toEqual([]);
    expect(acknowledged.length + appliedUnanswered.length).toBe(200);
    expect(await count(`select count(*) as n from suppliers where name like 'Load %'`)).toBe(200);
    const stored = await primary.query<{ id: number }>('select id from suppliers where id = any($1::int[])', [
      acknowledged,
    ]);
    expect(stored.rows.length).toBe(acknowledged.length);
    console.log(`replica lag observed during the write load: at most ${maxLagMs} ms`);
  });

  it('send reads back to the primary, with no failed request, when the replica stops', async () => {
    const failures: string[] = [];
    let stopped = false;
    const reader = async () => {
      for (let i = 0; i < 40; i++) {
        for (const url of [
          '/admin/api/customers?q=Smith',
          '/admin/api/suppliers',
          '/admin/api/stats/subscription-activity-trend-monthly',
        ]) {
          const res = await onB.request('GET', url);
          if (res.status !== 200) failures.push(`${url}: ${res.status} ${await res.text()}`);
        }
        if (i === 10 && !stopped) {
          stopped = true;
          cluster.replica.stop('fast');
        }
      }
    };
    await Promise.all([reader(), reader(), reader()]);
    expect(stopped).toBe(true);
    expect(failures).toEqual([]);
    const ready = await fetch(`${b.url}/ready`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { replicas: unknown[] }).replicas).toMatchObject([{ status: 'down' }]);
  });
});
