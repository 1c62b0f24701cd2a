// `npm test`: every tier, in order — typecheck, lint, unit + API (PGlite), API again on a real PostgreSQL
// server, two server processes on a PostgreSQL primary and streaming replica, the previous release's databases
// upgraded (and both releases serving one database), then e2e in Chromium. Ends with one "tests: N passed, N failed" line summed over the tiers.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

mkdirSync('.tmp', { recursive: true });
const totals = { passed: 0, failed: 0 };
const failedSteps = [];
const failedTests = [];

function run(name, cmd, args, reportFile) {
  const started = Date.now();
  console.log(`\n=== ${name}`);
  if (reportFile) rmSync(reportFile, { force: true });
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (reportFile && existsSync(reportFile)) {
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    failedTests.push(...failuresIn(name, report));
  }
  if (res.status !== 0) failedSteps.push(name);
  console.log(`=== ${name}: ${res.status === 0 ? 'ok' : 'FAILED'} in ${seconds} s`);
}

// The end of the output is what a CI log keeps: name each failed test there with the start of its message.
function failuresIn(step, report) {
  return report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => {
        const message = (test.failureMessages[0] ?? '').split('\n').slice(0, 6).join('\n    ');
        return `[${step}] ${file.name.replace(process.cwd() + '/', '')} > ${test.fullName}\n    ${message}`;
      }),
  );
}

const vitestReport = (tier) => [`--reporter=default`, `--reporter=json`, `--outputFile.json=.tmp/report-${tier}.json`];

run('system packages (chromium, postgresql-15, fonts-dejavu-core)', 'bash', ['scripts/ensure-system-deps.sh']);
run('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
run('lint', 'npx', ['eslint', '--max-warnings', '0', '.']);
run(
  'unit + API on PGlite',
  'npx',
  ['vitest', 'run', '--project', 'unit', '--project', 'api', '--project', 'api-isolated', ...vitestReport('pglite')],
  '.tmp/report-pglite.json',
);
run(
  'API on PostgreSQL 15',
  'bash',
  ['scripts/with-postgres.sh', 'npx', 'vitest', 'run', '--project', 'api', '--project', 'api-isolated', ...vitestReport('postgres')],
  '.tmp/report-postgres.json',
);
run(
  'two instances on a PostgreSQL primary and replica',
  'npx',
  ['vitest', 'run', '--project', 'cluster', ...vitestReport('cluster')],
  '.tmp/report-cluster.json',
);
run(
  'upgrade from the previous release',
  'npx',
  ['vitest', 'run', '--project', 'upgrade', ...vitestReport('upgrade')],
  '.tmp/report-upgrade.json',
);
run('e2e in Chromium', 'node', ['scripts/e2e.mjs', ...vitestReport('e2e')], '.tmp/report-e2e.json');

if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.join('\n')}`);
console.log(`\n${failedSteps.length ? `FAILED steps: ${failedSteps.join(', ')}` : 'All steps passed.'}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
