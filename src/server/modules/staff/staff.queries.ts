import { and, asc, eq, gt, isNull, ne, not, sql } from 'drizzle-orm';
import type { Tx } from '../../db/types';
import { passwordTokens, sessions, currentUserColumns, users, type PasswordTokenPurpose } from '../../db/schema';
import type { RoleId } from '../../../contract/access';

// Sessions are rows of the session store: the user, epoch and sign-in time live in their jsonb `data`.
const sessionUserMatches = sql`${sessions.data}->>'userId' = ${users.id}::text`;
const sessionCounts = sql`${sessions.data}->>'epoch' = ${users.sessionEpoch}::text and ${sessions.expiresAt} > now()`;

/**
 * Marks the stored hash of an invited account, whose person has not chosen a password yet. The hash before it
 * is of a random secret: the sign-in check reads only the fields it knows, so it works (and fails) as usual.
 */
export const INVITED_MARK = '$invited';
const invited = sql<boolean>`(${users.passwordHash} like ${`%${INVITED_MARK}`})`;

const staffColumns = {
  ...currentUserColumns,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
  invited,
  openSessions: sql<number>`(select count(*)::int from ${sessions} where ${sessionUserMatches} and ${sessionCounts})`,
  // Until sign-in records last_sign_in_at, the newest session still kept tells when the user last signed in.
  lastSignInAt: sql<Date | null>`greatest(${users.lastSignInAt},
    (select max(to_timestamp((${sessions.data}->>'signedInAt')::double precision / 1000)) from ${sessions} where ${sessionUserMatches}))`.mapWith(
    users.lastSignInAt,
  ),
};

export type StaffRecord = Awaited<ReturnType<typeof staffList>>[number];

export function staffList(db: Tx) {
  return db.select(staffColumns).from(users).orderBy(asc(users.name), asc(users.id));
}

export async function staffById(db: Tx, id: number): Promise<StaffRecord | undefined> {
  const [row] = await db.select(staffColumns).from(users).where(eq(users.id, id));
  return row;
}

/** The account row itself, locked until the transaction ends. */
export async function lockUser(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      ...currentUserColumns,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row;
}

/**
 * Locks every active Administrator (enabled, through their invitation), always in id order so two
 * transactions cannot deadlock. A second transaction waits here, then sees the first one's change.
 */
export async function lockActiveAdministrators(tx: Tx): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'administrator'), isNull(users.disabledAt), not(invited)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

export async function userByEmail(db: Tx, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function passwordHashOf(db: Tx, id: number): Promise<string | undefined> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));
  return row?.hash;
}

/** Answers undefined when the (lower-cased) e-mail is already taken; the unique constraint decides. */
export async function insertUser(
  tx: Tx,
  values: { email: string; name: string; role: RoleId; isRep: boolean; canForceCreate: boolean; passwordHash: string },
): Promise<number | undefined> {
  const [row] = await tx
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return row?.id;
}

export async function updateUser(
  tx: Tx,
  id: number,
  values: Partial<{ name: string; role: RoleId; isRep: boolean; canForceCreate: boolean; disabledAt: Date | null }>,
): Promise<void> {
  await tx.update(users).set(values).where(eq(users.id, id));
}

/**
 * The one step of every change to how an account signs in (its password, its second factor, its status, its
 * sessions): sessions begun before it stop counting (src/server/plugins/access.ts) and every open one-time link
 * stops working. Sets the new password hash when given; answers the new epoch.
 */
export async function revokeAccess(tx: Tx, id: number, passwordHash?: string): Promise<number> {
  const [row] = await tx
    .update(users)
    .set({ sessionEpoch: sql`${users.sessionEpoch} + 1`, ...(passwordHash ? { passwordHash } : {}) })
    .where(eq(users.id, id))
    .returning({ epoch: users.sessionEpoch });
  await expireOpenTokens(tx, id);
  return row!.epoch;
}

/** Removes the user's session rows (but `keepSid`); the epoch already ends them, this keeps the store tidy. */
export async function deleteSessionsOf(tx: Tx, userId: number, keepSid?: string): Promise<void> {
  await tx
    .delete(sessions)
    .where(and(sql`${sessions.data}->>'userId' = ${String(userId)}`, keepSid ? ne(sessions.sid, keepSid) : undefined));
}

/** The user's sessions that still count, newest first. */
export async function openSessionsOf(db: Tx, userId: number) {
  return db
    .select({ sid: sessions.sid, data: sessions.data, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, userId))
    .where(and(sql`${sessions.data}->>'userId' = ${String(userId)}`, sessionCounts))
    .orderBy(sql`(${sessions.data}->>'signedInAt')::double precision desc nulls last`);
}

export async function deleteSession(tx: Tx, sid: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.sid, sid));
}

export async function insertPasswordToken(
  tx: Tx,
  values: { userId: number; tokenHash: string; purpose: PasswordTokenPurpose; expiresAt: Date },
): Promise<void> {
  await tx.insert(passwordTokens).values(values);
}

/** A newer link supersedes the older ones: they expire now. */
export async function expireOpenTokens(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(passwordTokens)
    .set({ expiresAt: sql`now()` })
    .where(
      and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, sql`now()`)),
    );
}

export async function tokenByHash(db: Tx, tokenHash: string, { lock = false } = {}) {
  const query = db
    .select({
      id: passwordTokens.id,
      userId: passwordTokens.userId,
      purpose: passwordTokens.purpose,
      expiresAt: passwordTokens.expiresAt,
      usedAt: passwordTokens.usedAt,
      email: users.email,
      name: users.name,
      disabledAt: users.disabledAt,
    })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .where(eq(passwordTokens.tokenHash, tokenHash));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function markTokenUsed(tx: Tx, id: number): Promise<void> {
  await tx.update(passwordTokens).set({ usedAt: new Date() }).where(eq(passwordTokens.id, id));
}
