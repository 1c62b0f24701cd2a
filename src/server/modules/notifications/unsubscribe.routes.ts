import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import { UNSUBSCRIBE_REFUSED_MESSAGE } from '../../../contract/notifications';
import { NOTIFICATIONS_PAGE, UNSUBSCRIBE_PAGE } from '../../../contract/pages';
import { alertRules, digestSubscriptions } from '../../db/schema';
import type { Db } from '../../db/types';
import { originOf, recordAudit } from '../audit';
import { escapeHtml } from './notification-mail';
import { verifyUnsubscribe, type UnsubscribeClaim } from './unsubscribe-tokens';

const TOKEN_MAX = 400;

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
        `<title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:560px;margin:40px auto;padding:0 16px">` +
        `<h1 style="font-size:22px">${escapeHtml(title)}</h1>${body}` +
        `<p><a href="${NOTIFICATIONS_PAGE}">Manage your alerts and digest</a></p></body></html>`,
    );
}

/** What the link stops, for the page; null when the record is not the claim's person's to stop (nothing changes). */
async function stop(db: Db, claim: UnsubscribeClaim, origin: ReturnType<typeof originOf>): Promise<string | null> {
  return db.transaction(async (tx) => {
    if (claim.kind === 'digest') {
      const [digest] = await tx.select().from(digestSubscriptions).where(eq(digestSubscriptions.id, claim.id));
      if (!digest) return 'the dashboard digest';
      if (digest.userId !== claim.userId) return null;
      await tx.delete(digestSubscriptions).where(eq(digestSubscriptions.id, digest.id));
      await recordAudit(tx, {
        userId: claim.userId,
        ...origin,
        action: 'digest.unsubscribed',
        entityType: 'digest',
        entityId: digest.id,
        before: { cadence: digest.cadence, hour: digest.hour },
      });
      return 'the dashboard digest';
    }
    const [rule] = await tx.select().from(alertRules).where(eq(alertRules.id, claim.id));
    if (!rule) return 'this alert';
    const owner = rule.ownerId === claim.userId;
    if (!owner && !rule.recipientIds.includes(claim.userId)) return null;
    // The owner's link turns the rule off (it can be made again from the page); a recipient's takes them off it.
    const set = owner ? { enabled: false } : { recipientIds: rule.recipientIds.filter((id) => id !== claim.userId) };
    await tx.update(alertRules).set(set).where(eq(alertRules.id, rule.id));
    await recordAudit(tx, {
      userId: claim.userId,
      ...origin,
      action: 'alert_rule.unsubscribed',
      entityType: 'alert_rule',
      entityId: rule.id,
      before: owner ? { enabled: rule.enabled } : { recipientIds: rule.recipientIds },
      after: set,
    });
    return `the alert "${rule.label}"`;
  });
}

/**
 * The unsubscribe link of every alert and digest e-mail (ADR 059). It needs no session: the signed token is the
 * credential, so a phone's mail app can use it. GET shows a button (a link scanner's visit stops nothing); POST —
 * the button, or a mail client's one-click `List-Unsubscribe=One-Click` — stops the e-mails. A forged, expired or
 * mismatched token is a 400 that changes nothing.
 */
export const unsubscribeRoutes: FastifyPluginAsync<{
  db: Db;
  secret: () => Promise<string>;
  now: () => number;
}> = async (app, { db, secret, now }) => {
  const claimOf = async (query: unknown) => {
    const token = (query as { token?: unknown }).token;
    if (typeof token !== 'string' || token.length > TOKEN_MAX) return null;
    return verifyUnsubscribe(await secret(), token, now());
  };
  const refused = (reply: FastifyReply) =>
    page(reply, 400, 'This link does not work', `<p>${escapeHtml(UNSUBSCRIBE_REFUSED_MESSAGE)}</p>`);

  const config = { access: 'public' as const, page: true, signedLink: true };
  app.get(UNSUBSCRIBE_PAGE, { config }, async (request, reply) => {
    if (!(await claimOf(request.query))) return refused(reply);
    const token = escapeHtml((request.query as { token: string }).token);
    return page(
      reply,
      200,
      'Unsubscribe',
      `<p>Stop these e-mails?</p><form method="post" action="${UNSUBSCRIBE_PAGE}?token=${token}">` +
        `<button type="submit" style="font-size:16px;padding:8px 16px">Unsubscribe</button></form>`,
    );
  });

  app.post(UNSUBSCRIBE_PAGE, { config }, async (request, reply) => {
    const claim = await claimOf(request.query);
    const stopped = claim && (await stop(db, claim, originOf(request)));
    if (!stopped) return refused(reply);
    return page(reply, 200, 'Unsubscribed', `<p>You will no longer receive e-mails of ${escapeHtml(stopped)}.</p>`);
  });
};
