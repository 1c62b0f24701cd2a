import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ROLE_IDS, type RoleId } from '../../../contract/access';

/**
 * Staff accounts. The role (src/contract/access.ts) says what they may do; reps log prospect visits;
 * `canForceCreate` may log them on behalf of another rep (§6). A disabled account cannot sign in.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<RoleId>().notNull(),
    isRep: boolean('is_rep').notNull().default(false),
    canForceCreate: boolean('can_force_create').notNull().default(false),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Bumped when the password changes or the account is signed out everywhere: older sessions stop counting. */
    sessionEpoch: integer('session_epoch').notNull().default(0),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /**
     * The TOTP secret (base32) of the second factor (ADR 014) in clear, as release 1.0.0 kept it. Read while it
     * is there (1.0.0 may still write it during a rolling upgrade), sealed into `totp_secret_sealed` at the next
     * start, never written; dropped in a later release (ADR 030).
     */
    totpSecret: text('totp_secret'),
    /**
     * The TOTP secret sealed with the encryption key (ADR 030): set when set-up starts, in force only once a code
     * confirmed it (`totp_enabled_at`).
     */
    totpSecretSealed: text('totp_secret_sealed'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The 30-second step of the last accepted code: a code of that step or an earlier one is refused (replay). */
    totpLastStep: integer('totp_last_step'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('users_role_check', sql.raw(`${t.role.name} in (${ROLE_IDS.map((r) => `'${r}'`).join(', ')})`))],
);

/** The columns of a signed-in user as the app passes it around (`CurrentUser` of the contract). */
export const currentUserColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  isRep: users.isRep,
  canForceCreate: users.canForceCreate,
};

/** Server-side sessions, so a restart keeps everyone signed in. */
export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    data: jsonb('data').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expires_at_idx').on(t.expiresAt)],
);

/**
 * Sign-in throttling counters (modules/auth/login-throttle.ts), here rather than in memory so every app instance
 * counts the same attempts. `key` names a client address or an (address, e-mail) pair; a row is forgotten once
 * `expires_at` has passed.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [index('login_throttle_expires_at_idx').on(t.expiresAt)],
);

export const PASSWORD_TOKEN_PURPOSES = ['invite', 'reset'] as const;
export type PasswordTokenPurpose = (typeof PASSWORD_TOKEN_PURPOSES)[number];

/**
 * One-time links that let a person choose a password: an invitation or a reset. Only the SHA-256 of the
 * random token is kept, so a leaked table cannot be turned into working links.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose').$type<PasswordTokenPurpose>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('password_tokens_user_id_idx').on(t.userId),
    check(
      'password_tokens_purpose_check',
      sql.raw(`${t.purpose.name} in (${PASSWORD_TOKEN_PURPOSES.map((p) => `'${p}'`).join(', ')})`),
    ),
  ],
);

/**
 * One-time recovery codes of the second factor (ADR 014): ten per set, shown once. Only the SHA-256 of each code is
 * kept; a used code keeps its row with `used_at`, so the account page can say how many are left.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recovery_codes_user_id_code_hash_idx').on(t.userId, t.codeHash)],
);
