// Until the first release the schema ships as one baseline migration, regenerated from src/server/db/schema.
// After the first release, delete this script and use `drizzle-kit generate` for incremental migrations.
import { rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

rmSync('src/server/db/migrations', { recursive: true, force: true });
execFileSync('npx', ['drizzle-kit', 'generate', '--name', 'baseline'], { stdio: 'inherit' });
