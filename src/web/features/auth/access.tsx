import type { ReactNode } from 'react';
import { Anchor, type AnchorProps } from '@mantine/core';
import { Link } from 'react-router';
import type { Permission } from '../../../contract/access';
import { ForbiddenState, LoadingState } from '../../ui';
import { useCan, useCurrentUser } from './api';

/**
 * Renders its page only for a role with the permission; anyone else, arriving by the address, is told so. For pages
 * no 403 would stop: a form that loads nothing, or whose data a lesser permission may read.
 */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
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
