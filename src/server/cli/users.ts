import { parseArgs } from 'node:util';
import type { z } from 'zod';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import type { Db } from '../db/types';
import { runCli } from './run';
import { ROLE_IDS, roleLabel, type RoleId } from '../../contract/access';
import { inviteBody, STAFF_STATUS_LABELS } from '../../contract/staff';
import {
  createStaffWithPassword,
  disableStaffByEmail,
  listStaff,
  setStaffPassword,
  StaffCommandError,
} from '../modules/staff/staff.service';
import { resetMfaByEmail } from '../modules/staff/mfa.service';

const USAGE = `usage: npm run users -- <command>
  list                                                     every staff account
  create <email> --role <role> [--name N] [--password P]   an active account; a password is generated unless given
  reset-password <email> [--password P]                    a new password (generated unless given); ends every session
  disable <email>                                          the account can no longer sign in; ends every session
  reset-two-factor <email>                                 turns two-factor sign-in off (lost phone); ends every session
roles: ${ROLE_IDS.join(', ')}`;

class UsageError extends Error {}

/** The contract's verdict on one value, its first message as the API would answer it. */
function field<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UsageError(parsed.error.issues[0]?.message ?? 'Invalid value.');
  return parsed.data;
}

type Plan =
  | { command: 'list' }
  | { command: 'create'; email: string; name: string; role: RoleId; password?: string }
  | { command: 'reset-password'; email: string; password?: string }
  | { command: 'disable'; email: string }
  | { command: 'reset-two-factor'; email: string };

/** What to do, checked before the database is opened. */
function plan(positionals: string[], opts: { role?: string; name?: string; password?: string }): Plan {
  const [command = '', ...args] = positionals;
  const email = () => {
    if (args.length !== 1) throw new UsageError(`${command} takes one e-mail address.`);
    return field(inviteBody.shape.email, args[0]).toLowerCase();
  };
  switch (command) {
    case 'list':
      if (args.length) throw new UsageError('list takes no arguments.');
      return { command };
    case 'create': {
      const address = email();
      if (!opts.role || !(ROLE_IDS as readonly string[]).includes(opts.role))
        throw new UsageError(`create needs --role, one of: ${ROLE_IDS.join(', ')}.`);
      const name = field(inviteBody.shape.name, opts.name ?? address.split('@')[0]);
      return { command, email: address, name, role: opts.role as RoleId, password: opts.password };
    }
    case 'reset-password':
      return { command, email: email(), password: opts.password };
    case 'disable':
    case 'reset-two-factor':
      return { command, email: email() };
    default:
      throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
  }
}

async function list(db: Db) {
  const rows = await listStaff(db);
  if (!rows.length) return console.log('No staff accounts.');
  const table = rows.map((r) => [
    String(r.id),
    r.email,
    r.name,
    roleLabel(r.role),
    STAFF_STATUS_LABELS[r.status],
    r.lastSignInAt ?? 'never signed in',
  ]);
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  for (const row of table)
    console.log(
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    );
}

function printPassword(email: string, password: string | undefined) {
  if (password) console.log(`Password for ${email} (shown once): ${password}`);
}

async function run(db: Db, todo: Plan) {
  switch (todo.command) {
    case 'list':
      return list(db);
    case 'create': {
      const { generatedPassword } = await createStaffWithPassword(db, todo);
      console.log(`Created ${todo.email} (${roleLabel(todo.role)}).`);
      return printPassword(todo.email, generatedPassword);
    }
    case 'reset-password': {
      const { generatedPassword } = await setStaffPassword(db, todo.email, todo.password);
      console.log(`The password of ${todo.email} was changed; every session of the account has ended.`);
      return printPassword(todo.email, generatedPassword);
    }
    case 'disable':
      await disableStaffByEmail(db, todo.email);
      return console.log(`${todo.email} is disabled; every session of the account has ended.`);
    case 'reset-two-factor':
      await resetMfaByEmail(db, todo.email);
      return console.log(`Two-factor sign-in of ${todo.email} is off; every session of the account has ended.`);
  }
}

/** Staff accounts from the command line, on the configured database (the embedded one only while the server is stopped). */
async function main(): Promise<number> {
  let todo: Plan;
  try {
    const { positionals, values } = parseArgs({
      allowPositionals: true,
      options: { role: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
    });
    todo = plan(positionals, values);
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await run(database.db, todo);
    return 0;
  } catch (err) {
    if (!(err instanceof StaffCommandError)) throw err;
    console.error(err.message);
    return 1;
  } finally {
    await database.close();
  }
}

runCli(main);
