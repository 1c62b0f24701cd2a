import { useEffect, type ReactNode } from 'react';
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

/** The link's URL when it leads off this site and would otherwise open in this tab. */
function externalHref(anchor: HTMLAnchorElement): string | null {
  if (anchor.target || anchor.hasAttribute('download') || !/^https?:$/.test(anchor.protocol)) return null;
  return anchor.origin === window.location.origin ? null : anchor.href;
}

/**
 * §2 "External links open in a new tab", for every link on the page (text from the server, links written
 * without ExternalLink): mounted once by the Shell.
 */
export function ExternalLinksInNewTab() {
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      const href = anchor instanceof HTMLAnchorElement ? externalHref(anchor) : null;
      if (!href) return;
      event.preventDefault();
      window.open(href, '_blank', 'noopener,noreferrer');
    }
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
  return null;
}
