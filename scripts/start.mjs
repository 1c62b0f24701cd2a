// `npm start`: build the web app when its sources are newer than the build, then run the server in this process,
// so SIGTERM and SIGINT reach the server itself (package.json `exec`s this script: no shell stays in between).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { register } from 'tsx/esm/api';

// `--version`: the release and its schema's last migration, without building or starting anything.
if (process.argv.includes('--version')) {
  register();
  const { RELEASE_VERSION, SCHEMA_MIGRATION } = await import('../src/server/release.ts');
  console.log(`back-office ${RELEASE_VERSION} (schema ${SCHEMA_MIGRATION})`);
  process.exit(0);
}

// The charts the server draws (digests, picture links) need their font: installed once when missing (ADR 057).
execFileSync('bash', ['scripts/ensure-system-deps.sh', '--only', 'fonts'], { stdio: 'inherit' });

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

// Where the server looks for the web app (config.ts: WEB_DIST_DIR, default ./dist/web).
const webDir = resolve(process.env.WEB_DIST_DIR || 'dist/web');
const built = join(webDir, 'index.html');
const sources = ['src/web', 'src/contract', 'src/charts', 'vite.config.ts', 'package-lock.json'];
if (!existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs) {
  console.log('Building the web app...');
  // In this process, not a child: a signal during the build then leaves nothing running.
  const { build } = await import('vite');
  await build({ logLevel: 'warn', build: { outDir: webDir } });
}
register();
await import('../src/server/main.ts');
