import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, ReplicaState } from '../db/types';
import { RELEASE_VERSION, SCHEMA_MIGRATION } from '../release';
import { ActiveSessions, readSessionCounts } from './active-sessions';
import { sampleEventLoopDelay } from './event-loop-delay';

/** A request no route matched (a 404): one label value, never the path it asked for. */
export const UNMATCHED_ROUTE = 'unmatched';
const REPLICA_STATES: ReplicaState[] = ['ok', 'lagging', 'down'];
/** Where the sign-in was refused or throttled: at the password, or at the second step's code. */
const SIGN_IN_STEPS = ['password', 'code'] as const;
export type SignInStep = (typeof SIGN_IN_STEPS)[number];
const EXPORT_OUTCOMES = ['complete', 'cut'] as const;

/** Each pool's connections in use, its limit and the calls waiting, read at each scrape. */
function poolGauges(registers: Registry[], database: Database): void {
  const pools = () => database.pools();
  new Gauge({
    name: 'backoffice_db_pool_connections_in_use',
    help: 'Database connections running a statement or held by a transaction, by pool (primary, each replica; embedded: one).',
    labelNames: ['pool'],
    registers,
    collect() {
      for (const p of pools()) this.set({ pool: p.name }, p.inUse);
    },
  });
  new Gauge({
    name: 'backoffice_db_pool_connections_max',
    help: 'Database connections a pool may open (DATABASE_POOL_SIZE).',
    labelNames: ['pool'],
    registers,
    collect() {
      for (const p of pools()) this.set({ pool: p.name }, p.max);
    },
  });
  new Gauge({
    name: 'backoffice_db_pool_waiting',
    help: 'Calls waiting for a free database connection, by pool.',
    labelNames: ['pool'],
    registers,
    collect() {
      for (const p of pools()) this.set({ pool: p.name }, p.waiting);
    },
  });
}

/** Each read replica's lag and state, read at each scrape. */
function replicaGauges(registers: Registry[], database: Database): void {
  const replicas = () => database.replicas?.status() ?? [];
  new Gauge({
    name: 'backoffice_db_replica_lag_seconds',
    help: 'How far each read replica was behind the primary at its last check (absent while it is down).',
    labelNames: ['replica'],
    registers,
    collect() {
      this.reset();
      for (const r of replicas()) if (r.lagMs !== null) this.set({ replica: r.name }, r.lagMs / 1000);
    },
  });
  new Gauge({
    name: 'backoffice_db_replica_state',
    help: 'Each read replica: 1 for its state (ok, lagging past REPLICA_MAX_LAG_MS, down), 0 for the others.',
    labelNames: ['replica', 'state'],
    registers,
    collect() {
      for (const r of replicas())
        for (const state of REPLICA_STATES) this.set({ replica: r.name, state }, Number(r.status === state));
    },
  });
}

/** The staff sessions not expired, and the staff members they belong to. */
function sessionGauges(registers: Registry[], database: Database, log: FastifyBaseLogger): void {
  const active = new ActiveSessions(
    () => readSessionCounts(database.db),
    undefined,
    (err) => log.warn({ err }, 'active sessions not counted'),
  );
  // Both gauges of a scrape share one read: the second asks while the first's is on its way.
  new Gauge({
    name: 'backoffice_sessions_active',
    help: 'Staff sessions not expired, read at most every 5 s.',
    registers,
    async collect() {
      const counts = await active.current();
      if (counts) this.set(counts.sessions);
    },
  });
  new Gauge({
    name: 'backoffice_staff_signed_in',
    help: 'Staff members with at least one session not expired, read at most every 5 s.',
    registers,
    async collect() {
      const counts = await active.current();
      if (counts) this.set(counts.staff);
    },
  });
}

/**
 * Every metric of one app, in a registry of its own (tests build many apps in one process). Every label takes
 * values from a short, fixed list — a route's template, a method, a status, a pool or replica name — never a URL,
 * an address or a user, so the number of series stays bounded whatever clients send (ADR 029).
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly requestSeconds: Histogram<'method' | 'route'>;
  private readonly statementTimeouts: Counter;
  private readonly exportsRunning: Gauge;
  private readonly exportsDone: Counter<'outcome'>;
  private readonly signInFailures: Counter<'step'>;
  private readonly signInThrottled: Counter<'step'>;
  private readonly stopSampling: () => void;

  constructor(database: Database, log: FastifyBaseLogger) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });

    new Gauge({
      name: 'backoffice_build_info',
      help: 'The running release and the last migration of its schema (always 1).',
      labelNames: ['version', 'migration'],
      registers,
    }).set({ version: RELEASE_VERSION, migration: SCHEMA_MIGRATION }, 1);

    this.requests = new Counter({
      name: 'backoffice_http_requests_total',
      help: 'Requests answered, by method, route template and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: 'backoffice_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer sent (a download: to its last byte), by route template.',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });

    const loopDelay = new Histogram({
      name: 'backoffice_event_loop_delay_seconds',
      help: 'How late a 10 ms timer fired: what a request arriving then waited for the event loop.',
      buckets: [0.001, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1],
      registers,
    });
    this.stopSampling = sampleEventLoopDelay((seconds) => loopDelay.observe(seconds));
    poolGauges(registers, database);
    replicaGauges(registers, database);

    this.statementTimeouts = new Counter({
      name: 'backoffice_db_statement_timeouts_total',
      help: 'Requests answered 503 because a statement ran past STATEMENT_TIMEOUT_MS.',
      registers,
    });

    this.exportsRunning = new Gauge({
      name: 'backoffice_exports_running',
      help: 'CSV downloads being streamed now.',
      registers,
    });
    this.exportsDone = new Counter({
      name: 'backoffice_exports_total',
      help: 'CSV downloads ended: complete, or cut (the client left, or an error after the first batch).',
      labelNames: ['outcome'],
      registers,
    });

    this.signInFailures = new Counter({
      name: 'backoffice_sign_in_failures_total',
      help: 'Sign-ins refused for a wrong e-mail or password, or a wrong second-step code.',
      labelNames: ['step'],
      registers,
    });
    this.signInThrottled = new Counter({
      name: 'backoffice_sign_in_throttled_total',
      help: 'Sign-in attempts refused with 429 by the per-address or per-account limits.',
      labelNames: ['step'],
      registers,
    });

    // Every known label value from zero, so a graph or an alert on the first failure has a series to start from.
    for (const step of SIGN_IN_STEPS) {
      this.signInFailures.inc({ step }, 0);
      this.signInThrottled.inc({ step }, 0);
    }
    for (const outcome of EXPORT_OUTCOMES) this.exportsDone.inc({ outcome }, 0);
    sessionGauges(registers, database, log);
  }

  /** A request answered; `route` is its template (`/admin/api/customers/:id`), or UNMATCHED_ROUTE. */
  requestDone(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.requestSeconds.observe({ method, route }, seconds);
  }

  statementTimedOut(): void {
    this.statementTimeouts.inc();
  }

  /** A download began to stream; call the returned function once, when it ends, whole or cut. */
  exportStarted(): (complete: boolean) => void {
    this.exportsRunning.inc();
    return (complete) => {
      this.exportsRunning.dec();
      this.exportsDone.inc({ outcome: complete ? 'complete' : 'cut' });
    };
  }

  signInFailed(step: SignInStep): void {
    this.signInFailures.inc({ step });
  }

  signInThrottledAt(step: SignInStep): void {
    this.signInThrottled.inc({ step });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The Prometheus text of every metric. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  close(): void {
    this.stopSampling();
  }
}
