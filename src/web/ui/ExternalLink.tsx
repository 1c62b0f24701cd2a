import type { ReactNode } from 'react';
import { Anchor, VisuallyHidden, type AnchorProps } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';

/** A link out of the back office: opens in a new tab without giving that page a handle on this one. */
export function ExternalLink({ href, children, ...rest }: AnchorProps & { href: string; children: ReactNode }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
      <IconExternalLink size={14} style={{ marginLeft: 4, verticalAlign: 'text-bottom' }} aria-hidden />
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Anchor>
  );
}
