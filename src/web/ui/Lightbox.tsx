import { useState, type ReactNode } from 'react';
import { Center, Image, Modal, Text, UnstyledButton } from '@mantine/core';

export const LIGHTBOX_FAILURE_MESSAGE = 'The requested content cannot be loaded. Please try again later.';

export interface LightboxProps {
  src: string;
  alt: string;
  /** What opens the lightbox; defaults to a small thumbnail of the image. */
  children?: ReactNode;
  title?: string;
}

/** Shows an image large in a modal; when the image cannot be loaded it says so instead. */
export function Lightbox({ src, alt, children, title }: LightboxProps) {
  const [opened, setOpened] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <>
      <UnstyledButton
        onClick={() => {
          setFailed(false);
          setOpened(true);
        }}
        aria-label={`Enlarge ${alt}`}
      >
        {children ?? <Image src={src} alt="" w={64} h={64} fit="contain" radius="sm" />}
      </UnstyledButton>
      <Modal opened={opened} onClose={() => setOpened(false)} title={title ?? alt} size="auto" centered>
        {failed ? (
          <Center mih={120} px="lg">
            <Text role="alert">{LIGHTBOX_FAILURE_MESSAGE}</Text>
          </Center>
        ) : (
          <img
            src={src}
            alt={alt}
            onError={() => setFailed(true)}
            style={{ display: 'block', maxWidth: 'min(90vw, 1200px)', maxHeight: '80vh', margin: '0 auto' }}
          />
        )}
      </Modal>
    </>
  );
}
