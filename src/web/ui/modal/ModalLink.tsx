import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Anchor, Modal, type AnchorProps } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { notify } from '../notify';
import { MODAL_BREAKPOINT, MODAL_HEIGHT_MESSAGE, MODAL_SUCCESS_MESSAGE, modalWidth, withView } from './modalView';

export interface ModalLinkProps extends AnchorProps {
  href: string;
  children: ReactNode;
  /** Title of the modal; defaults to the link text. */
  title?: string;
  /** Wanted modal width (default 700); kept at most the window width minus 60, never above 900. */
  width?: number;
  /** Toast shown when the modal's form succeeded; null for none. */
  successMessage?: string | null;
  /** Runs after the page's data was reloaded. */
  onSuccess?(): void;
}

/**
 * A `modal-form` link: at 768 px and wider it opens the target page (`view=modal`) in a modal iframe, which
 * closes and reloads this page's data when the form inside succeeds; narrower windows navigate to the full
 * page (`view=fullscreen`). Modifier clicks (new tab) keep the link's normal behaviour.
 */
export function ModalLink({
  href,
  children,
  title,
  width,
  successMessage = 'Saved.',
  onSuccess,
  ...rest
}: ModalLinkProps) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<{ width: number } | null>(null);
  const [frameHeight, setFrameHeight] = useState<number | null>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (!open) return;
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin || event.source !== frameRef.current?.contentWindow) return;
      const data = event.data as { type?: string; height?: number };
      if (data.type === MODAL_HEIGHT_MESSAGE && typeof data.height === 'number') setFrameHeight(data.height);
      if (data.type === MODAL_SUCCESS_MESSAGE) {
        setOpen(null);
        if (successMessage) notify.success(successMessage);
        void queryClient.invalidateQueries().then(() => onSuccess?.());
      }
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [open, queryClient, successMessage, onSuccess]);

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (window.innerWidth < MODAL_BREAKPOINT) return; // the Link navigates to the full page
    event.preventDefault();
    setFrameHeight(null);
    setOpen({ width: modalWidth(window.innerWidth, width) });
  }

  const label = title ?? (typeof children === 'string' ? children : 'Form');
  return (
    <>
      <Anchor component={Link} to={withView(href, 'fullscreen')} className="modal-form" onClick={handleClick} {...rest}>
        {children}
      </Anchor>
      <Modal
        opened={!!open}
        onClose={() => setOpen(null)}
        title={label}
        size={open?.width}
        centered
        padding={0}
        styles={{ header: { paddingInline: 16 }, body: { padding: 0 } }}
      >
        {open && (
          <iframe
            ref={frameRef}
            src={withView(href, 'modal')}
            title={label}
            style={{
              display: 'block',
              width: '100%',
              border: 0,
              height: frameHeight ? `min(${frameHeight}px, calc(100vh - 140px))` : 'min(480px, calc(100vh - 140px))',
            }}
          />
        )}
      </Modal>
    </>
  );
}
