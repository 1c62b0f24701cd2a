import { pino } from 'pino';
import { expiredRunsCheckSeconds, loadConfig } from './config';
import { loggerOptions } from './logging';
import { ROLES } from '../contract/access';
import { buildApp } from './app';
import { bootstrap } from './bootstrap';
import { connectDatabase, DataDirLockedError, MigrationMismatchError } from './db/client';
import { openJobQueue, serverJobs, startBackgroundWork } from './jobs/background-work';
import { serveBackupSocket } from './modules/backups';

/** Starts the back office: bootstrap the database, listen, and shut down cleanly on a signal. */
async function main() {
  const config = loadConfig();
  // The bootstrap and the pool log here: Fastify's logger comes with the app, built after the bootstrap.
  const log = pino(loggerOptions(config.LOG_LEVEL));
  const location = { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR };
  // Migrations and the demo load may run longer than a request may: on PostgreSQL they get a connection of their
  // own with no statement timeout; the embedded database has none to lift.
  const setup = config.DATABASE_URL ? await connectDatabase(location, log) : undefined;
  const database = await connectDatabase(
    {
      ...location,
      poolSize: config.DATABASE_POOL_SIZE,
      statementTimeoutMs: config.STATEMENT_TIMEOUT_MS,
      parallelWorkers: config.DATABASE_PARALLEL_WORKERS,
      replicaUrls: config.DATABASE_REPLICA_URLS,
      maxLagMs: config.REPLICA_MAX_LAG_MS,
    },
    log,
  );
  const { admin, demoAccounts } = await bootstrap(setup ?? database, config, log);
  await setup?.close();
  // This server runs the schedules and works the runs (ADR 056): the queue queues each due run once across every
  // instance. With RUN_JOBS=0 it only queues runs (a new alert's first check, Run again) for the instances that work.
  const background = await startBackgroundWork(
    await openJobQueue(database, log, { expiredRunsCheckSeconds: expiredRunsCheckSeconds(config) }),
    database,
    serverJobs(database, config, { log: log }),
    {
      timeZone: config.BUSINESS_TIMEZONE,
      log,
      runSchedules: config.RUN_JOBS,
      workRuns: config.RUN_JOBS,
    },
  );
  // Request lines are written off the event loop, together when they come faster than one write (ADR 063); what is
  // still buffered is written before the process exits.
  const app = await buildApp(config, { database, background, logStream: pino.destination({ dest: 1, sync: false }) });
  app.addHook('onClose', () => database.close());
  // onClose hooks run last added first: the jobs stop before the database closes.
  app.addHook('onClose', () => background.close());
  // `npm run backup` reaches the embedded database through this server while it holds DATA_DIR (ADR 031); its
  // socket closes before the database, too.
  if (database.kind === 'pglite') await serveBackupSocket(app, database, config.DATA_DIR);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight, then closing the database');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  let address: string;
  try {
    address = await app.listen({ host: config.HOST, port: config.PORT });
  } catch (err) {
    // The generated passwords were never shown: say how to set them instead.
    if (admin?.generatedPassword || demoAccounts.length)
      console.error(
        `The server could not start, so the new account passwords were not shown. Set one with
` + `  npm run users -- reset-password ${admin?.email ?? config.ADMIN_EMAIL}`,
      );
    throw err;
  }
  const url = `${address.replace('0.0.0.0', '127.0.0.1')}/admin`;
  const lines = [`Back office ready at ${url} (database: ${app.database.kind})`];
  if (admin?.generatedPassword)
    lines.push(
      `Admin account created: ${admin.email} / ${admin.generatedPassword}  (shown once; set ADMIN_PASSWORD to choose it)`,
    );
  else if (admin) lines.push(`Admin account created: ${admin.email} with the password from ADMIN_PASSWORD`);
  else lines.push('Sign in with an existing Administrator account (ADMIN_EMAIL is used only when there is none)');
  if (demoAccounts.length) {
    lines.push('Demo accounts, one per role (shown once):');
    for (const a of demoAccounts) lines.push(`  ${ROLES[a.role].label.padEnd(14)} ${a.email} / ${a.password}`);
  }
  console.log(lines.join('\n'));
}

main().catch((err: unknown) => {
  if (
    err instanceof DataDirLockedError ||
    err instanceof MigrationMismatchError ||
    (err instanceof Error && err.message.startsWith('Invalid configuration'))
  ) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
