import { eq, type SQL } from 'drizzle-orm';
import { can } from '../../../contract/access';
import type { CurrentUser } from '../../../contract/auth';
import { prospects } from '../../db/schema';

/**
 * The prospect visits a user may see (ADR 010): all of them with `prospects.view-all`, otherwise only those whose
 * rep they are. Every query reading prospects for a user adds this condition, so no filter, id or page can widen it;
 * a visit outside it answers as if it did not exist.
 */
export function visibleProspects(user: CurrentUser): SQL | undefined {
  return can(user.role, 'prospects.view-all') ? undefined : eq(prospects.repId, user.id);
}
