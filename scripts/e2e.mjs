// e2e tier: make sure Debian's Chromium is there, build the SPA into a private folder (so parallel runs
// never share one), then run the e2e Vitest project against it. Extra arguments go to Vitest.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

execFileSync('bash', ['scripts/ensure-system-deps.sh', '--only', 'chromium'], { stdio: 'inherit' });
mkdirSync('.tmp/screens', { recursive: true });
const webDir = mkdtempSync(join(tmpdir(), 'bo-e2e-web-'));
let code = 0;
try {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', webDir], { stdio: 'inherit' });
  execFileSync('npx', ['vitest', 'run', '--project', 'e2e', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, E2E_WEB_DIR: resolve(webDir) },
  });
} catch (err) {
  code = err.status ?? 1;
} finally {
  rmSync(webDir, { recursive: true, force: true });
}
process.exit(code);
