import { loadConfig } from './config';
import { buildApp } from './app';
import { DataDirLockedError } from './db/client';
import { ensureAdmin } from './modules/auth/auth.service';
import { loadDemoDataIfEmpty } from './seed/demo';

/** Starts the back office: migrate, first-start admin and demo data, listen, and shut down cleanly on a signal. */
async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  const db = app.database.db;

  const admin = await ensureAdmin(db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  if (config.DEMO_DATA) await loadDemoDataIfEmpty(db, app.log, config.BUSINESS_TIMEZONE);

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

  const address = await app.listen({ host: config.HOST, port: config.PORT });
  const url = `${address.replace('0.0.0.0', '127.0.0.1')}/admin`;
  const lines = [`Back office ready at ${url} (database: ${app.database.kind})`];
  if (admin?.generatedPassword)
    lines.push(
      `Admin account created: ${admin.email} / ${admin.generatedPassword}  (shown once; set ADMIN_PASSWORD to choose it)`,
    );
  else if (admin) lines.push(`Admin account created: ${admin.email} with the password from ADMIN_PASSWORD`);
  else lines.push(`Sign in as ${config.ADMIN_EMAIL} (admin account already exists)`);
  console.log(lines.join('\n'));
}

main().catch((err: unknown) => {
  if (err instanceof DataDirLockedError || (err instanceof Error && err.message.startsWith('Invalid configuration'))) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
