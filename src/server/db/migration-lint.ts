/**
 * Checks of a migration's SQL against ADR 028 (expand, then contract): while it runs, and after, the previous
 * release keeps serving on the same database, and any table it touches may hold millions of rows. So a migration
 * must not rewrite a table, hold a lock that stops reads or writes for longer than a moment, or remove what the
 * previous release still uses. The checks read the SQL drizzle-kit writes and the hand-written kind alike; a
 * statement they cannot judge is left to review.
 */

export interface LintContext {
  /** Tables made by earlier migrations: they may be big and in use. */
  existingTables: Set<string>;
  /** The migration runs outside a transaction (`-- migration: no-transaction`). */
  transactional: boolean;
}

/** A statement that drops or renames may run only in a contract migration, marked so by its author. */
const CONTRACT_MARK = /^\s*--\s*migration:\s*contract\b/m;
const VOLATILE_DEFAULT =
  /\bDEFAULT\s+(?:now\(\)|current_timestamp|clock_timestamp\(\)|random\(\)|gen_random_uuid\(\)|uuid_generate_v4\(\))/i;

const name = (raw: string) =>
  raw
    .replace(/"/g, '')
    .replace(/^public\./i, '')
    .toLowerCase();

/** The SQL without comments, cut into statements. */
function statementsOf(text: string): string[] {
  return text
    .replace(/--[^\n]*/g, '')
    .split(/;\s*(?:\n|$)|-->\s*statement-breakpoint/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

export function lintMigration(text: string, context: LintContext): string[] {
  const problems: string[] = [];
  const contract = CONTRACT_MARK.test(text);
  const madeHere = new Set<string>();
  const existing = (table: string) => context.existingTables.has(name(table)) && !madeHere.has(name(table));
  for (const statement of statementsOf(text)) {
    const problem = (message: string) => problems.push(`${message}: ${statement.slice(0, 160)}`);
    const created = /^CREATE TABLE (?:IF NOT EXISTS )?("?[\w.]+"?)/i.exec(statement);
    if (created) madeHere.add(name(created[1]!));

    const index = /^CREATE (?:UNIQUE )?INDEX (CONCURRENTLY )?.*? ON (?:ONLY )?("?[\w.]+"?)/i.exec(statement);
    if (index) {
      if (!index[1] && existing(index[2]!))
        problem('An index on an existing table is built CONCURRENTLY (a plain build blocks its writes)');
      if (index[1] && context.transactional)
        problem('CREATE INDEX CONCURRENTLY needs a migration whose first line is `-- migration: no-transaction`');
    }

    const alter = /^ALTER TABLE (?:IF EXISTS )?(?:ONLY )?("?[\w.]+"?) (.*)$/i.exec(statement);
    if (alter && existing(alter[1]!)) {
      const action = alter[2]!;
      if (/\bADD COLUMN\b/i.test(action) && /\bNOT NULL\b/i.test(action) && !/\bDEFAULT\b/i.test(action))
        problem('A new column on an existing table is nullable or has a default (NOT NULL alone fails on its rows)');
      if (/\bADD COLUMN\b/i.test(action) && VOLATILE_DEFAULT.test(action))
        problem('A volatile default rewrites the table: add the column without it, then backfill in batches');
      if (/\b(?:SET DATA )?TYPE\b/i.test(action) && /\bALTER COLUMN\b/i.test(action))
        problem("A column's type is not changed in place (a rewrite): add a new column, backfill, switch, drop later");
      if (/\bALTER COLUMN\b.*\bSET NOT NULL\b/i.test(action))
        problem('SET NOT NULL scans the table under an exclusive lock: add a CHECK … NOT VALID, then VALIDATE');
      if (/\bADD (?:CONSTRAINT \S+ )?(?:FOREIGN KEY|CHECK)\b/i.test(action) && !/\bNOT VALID\b/i.test(action))
        problem('A new foreign key or check on an existing table is added NOT VALID, then validated separately');
      if (/\b(?:DROP COLUMN|RENAME)\b/i.test(action) && !contract)
        problem(
          'Dropping or renaming waits for a release after the one that stopped using it (`-- migration: contract`)',
        );
    }
    if (/^DROP (?:TABLE|TYPE)\b/i.test(statement) && !contract)
      problem('Dropping waits for a release after the one that stopped using it (`-- migration: contract`)');
    if (/^(?:VACUUM FULL|CLUSTER|LOCK TABLE)\b/i.test(statement))
      problem('A migration does not lock or rewrite tables');
  }
  return problems;
}

/** The tables a migration's SQL creates. */
export const tablesCreatedBy = (text: string): string[] =>
  statementsOf(text).flatMap((s) => {
    const m = /^CREATE TABLE (?:IF NOT EXISTS )?("?[\w.]+"?)/i.exec(s);
    return m ? [name(m[1]!)] : [];
  });
