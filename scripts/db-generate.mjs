// `npm run db:generate -- <name>`: a new numbered migration from the change to src/server/db/schema since the last
// one (drizzle-kit's incremental generate), to be reviewed by hand against ADR 028 (expand, then contract). Nothing
// is deleted: a migration that shipped in a release is never edited (src/server/db/migrations/released.json).
import { execFileSync } from 'node:child_process';

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: npm run db:generate -- <name_in_snake_case>   (what the migration does, e.g. add_alert_rules)');
  process.exit(2);
}
execFileSync('npx', ['drizzle-kit', 'generate', '--name', name], { stdio: 'inherit' });
