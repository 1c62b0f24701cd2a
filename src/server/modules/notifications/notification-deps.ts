import type { FastifyBaseLogger } from 'fastify';
import { and, inArray, isNull } from 'drizzle-orm';
import { can } from '../../../contract/access';
import type { CurrentUser } from '../../../contract/auth';
import type { Db } from '../../db/types';
import { currentUserColumns, users } from '../../db/schema';
import type { Mailer } from '../mail';
import type { readFigure } from './figures';

/** What the alert and digest jobs work with; tests hand in their own clock and mailer. */
export interface NotificationDeps {
  db: Db;
  mailer: Mailer;
  timeZone: string;
  /** Where staff open the app, for the links in the e-mails. */
  origin: string;
  /** The app's secret, which signs the unsubscribe links. */
  secret: () => Promise<string>;
  now: () => number;
  log: FastifyBaseLogger;
  /** Reads a rule's figure; the stats by default (figures.ts). */
  readFigure?: typeof readFigure;
}

/** A person a figure is mailed to, as a request's user is: a picture is drawn with their rights. */
export type Reader = CurrentUser;

/**
 * Of the given staff, those who may still see the dashboard's figures (an active account whose role has
 * `dashboard.view`): a figure is mailed to no one else, whoever made the rule.
 */
export async function readersAmong(db: Db, ids: number[]): Promise<Reader[]> {
  if (!ids.length) return [];
  const rows = await db
    .select(currentUserColumns)
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.disabledAt)));
  return rows.filter((r) => can(r.role, 'dashboard.view'));
}

/** Whether one person may still see the dashboard's figures. */
export async function mayRead(db: Db, id: number): Promise<boolean> {
  return (await readersAmong(db, [id])).length === 1;
}
