import { ROLLUP_VERSION } from '../modules/stats/stats.rollup';
import { openTotpSecret } from '../modules/auth/totp-secret';
import { STORED_KEY_SETTING } from '../secrets/encryption-keys';
import { Keyring } from '../secrets/keyring';
import type { FixtureManifest, TableRecord } from './fixture-manifest';
import { prepareSession, rowChecksums, tableSums, type Query, type TableShape } from './table-checksum';

/*
 * What an upgrade must leave of a previous release's rows: every table with the same rows, each unchanged over the
 * columns it had then. The server itself writes a few tables as it runs, and those are compared by what it may do:
 *
 * - sessions, login_throttle: the session store and the sign-in throttle delete expired rows (a fixture's have all
 *   expired by the time it is upgraded): rows may be gone, every row left is unchanged.
 * - settings: the server adds a setting it lacks at start (the session secret): every row is kept unchanged, rows
 *   may be added.
 * - users: TOTP secrets are sealed at start (secretsSealed below).
 * - stats_daily, stats_monthly, stats_rollup_state: the rollup is derived from the base tables and rebuilt at start
 *   when its definition changed (ROLLUP_VERSION): compared exactly while the definition is the same, else only
 *   required to be there again.
 *
 * Every other table, reference lists included (their rows are the release's constants, rewritten at start), must
 * be exactly as the previous release left it.
 */

type Rule = (query: Query, table: string, before: TableRecord, manifest: FixtureManifest) => Promise<string | null>;

const shapeOf = (t: TableRecord): TableShape => ({ columns: t.columns, primaryKey: t.primaryKey });

const exact: Rule = async (query, table, before) => {
  const now = await tableSums(query, table, shapeOf(before));
  if (now.rows !== before.rows) return `${table}: ${now.rows} rows, ${before.rows} before the upgrade`;
  if (now.checksum !== before.checksum) return `${table}: rows changed (checksum over the columns it had)`;
  return null;
};

/** Compares row by row: `mayLose` rows may be gone, `mayGain` rows may be new; those in both must be unchanged. */
const rowByRow =
  ({ mayLose, mayGain }: { mayLose: boolean; mayGain: boolean }): Rule =>
  async (query, table, before) => {
    const was = before.rowChecksums ?? {};
    const now = await rowChecksums(query, table, shapeOf(before));
    const changed = Object.keys(now).filter((k) => k in was && was[k] !== now[k]);
    const gone = Object.keys(was).filter((k) => !(k in now));
    const added = Object.keys(now).filter((k) => !(k in was));
    const problems = [
      changed.length ? `${changed.length} rows changed` : '',
      gone.length && !mayLose ? `${gone.length} rows gone (${gone.slice(0, 3).join(', ')})` : '',
      added.length && !mayGain ? `${added.length} rows added` : '',
    ].filter(Boolean);
    return problems.length ? `${table}: ${problems.join(', ')}` : null;
  };

/** Exact while the rollup's definition is the fixture's; else rebuilt (maybe still rebuilding), so only there. */
const derived: Rule = async (query, table, before, manifest) => {
  if (manifest.rollupVersion === ROLLUP_VERSION) return exact(query, table, before, manifest);
  const [row] = await query(`SELECT count(*)::int AS n FROM "${table}"`);
  return Number(row?.n) > 0 ? null : `${table}: empty after the upgrade`;
};

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * users: this release seals each TOTP secret into totp_secret_sealed and clears totp_secret (ADR 030). No clear
 * secret may be left, and with each sealed one opened back into totp_secret (in a transaction rolled back), the
 * rows must be exactly the previous release's: every secret kept, none changed.
 */
const secretsSealed: Rule = async (query, table, before, manifest) => {
  const [clear] = await query(`SELECT count(*)::int AS n FROM users WHERE totp_secret IS NOT NULL`);
  if (Number(clear?.n) > 0) return `${table}: ${String(clear?.n)} TOTP secrets still in clear`;
  const [stored] = await query(`SELECT value FROM settings WHERE key = '${STORED_KEY_SETTING}'`);
  const sealed = await query(`SELECT id, totp_secret_sealed FROM users WHERE totp_secret_sealed IS NOT NULL`);
  if (sealed.length && !stored) return `${table}: sealed secrets but no kept key to open them`;
  const keyring = stored && new Keyring(Buffer.from(String(stored.value), 'base64url'));
  await query('BEGIN');
  try {
    for (const row of sealed) {
      const secret = openTotpSecret(
        { id: Number(row.id), totpSecret: null, totpSecretSealed: String(row.totp_secret_sealed) },
        keyring as Keyring,
      );
      await query(`UPDATE users SET totp_secret = ${literal(secret!)} WHERE id = ${Number(row.id)}`);
    }
    return await exact(query, table, before, manifest);
  } finally {
    await query('ROLLBACK');
  }
};

const RULES: Record<string, Rule> = {
  users: secretsSealed,
  sessions: rowByRow({ mayLose: true, mayGain: false }),
  login_throttle: rowByRow({ mayLose: true, mayGain: false }),
  settings: rowByRow({ mayLose: false, mayGain: true }),
  stats_daily: derived,
  stats_monthly: derived,
  stats_rollup_state: derived,
};

/** The differences between the upgraded database and the manifest of its fixture; none when everything was kept. */
export async function differencesFrom(query: Query, manifest: FixtureManifest): Promise<string[]> {
  await prepareSession(query);
  const present = new Set(
    (await query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`)).map((r) => String(r.tablename)),
  );
  const differences: string[] = [];
  for (const [table, before] of Object.entries(manifest.tables)) {
    if (!present.has(table)) {
      differences.push(`${table}: gone`);
      continue;
    }
    const difference = await (RULES[table] ?? exact)(query, table, before, manifest);
    if (difference) differences.push(difference);
  }
  return differences;
}
