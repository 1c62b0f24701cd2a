import type { ReactNode } from 'react';
import { Anchor, type AnchorProps } from '@mantine/core';
import { Link } from 'react-router';
import type { Access, Permission } from '../../../contract/access';
import { ForbiddenState, LoadingState } from '../../ui';
import { useCan, useCurrentUser } from './api';

/**
 * Renders its page only for a role the page's access allows; anyone else, arriving by the address, is told so and
 * nothing more: no header, no actions, and none of the page's requests. The frame wraps every page in it with the
 * permission its route declares (app/feature.ts).
 */
export function RequirePermission({ permission, children }: { permission: Access; children: ReactNode }) {
  const me = useCurrentUser();
  const can = useCan();
  // A page in a modal view does not wait for the user in the frame; until they are known there is nothing to decide.
  if (me.isPending) return <LoadingState />;
  return can(permission) ? <>{children}</> : <ForbiddenState />;
}

/** A link to a page the role may open; otherwise its text alone, since following it would only be refused. */
export function PermittedLink({
  permission,
  to,
  children,
  ...anchor
}: AnchorProps & { permission: Permission; to: string; children: ReactNode }) {
  const can = useCan();
  if (!can(permission)) return <>{children}</>;
  return (
    <Anchor component={Link} to={to} {...anchor}>
      {children}
    </Anchor>
  );
}
