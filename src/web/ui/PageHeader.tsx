import { useEffect, type ReactNode } from 'react';
import { Group, Text, Title, VisuallyHidden } from '@mantine/core';
import { currentView } from './modal/modalView';

/**
 * The page's h1 (also the document title) with its actions on the right, wrapping under it on phones.
 * In a modal the modal's own title shows it, so the heading is kept for screen readers only.
 */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · Back Office`;
  }, [title]);
  const heading = (
    <Title order={1} size="h2">
      {title}
    </Title>
  );
  if (currentView() === 'modal' && !description && !actions) return <VisuallyHidden>{heading}</VisuallyHidden>;
  return (
    <Group justify="space-between" align="flex-start" mb="md" gap="sm">
      <div>
        {currentView() === 'modal' ? <VisuallyHidden>{heading}</VisuallyHidden> : heading}
        {description && (
          <Text c="dimmed" size="sm" mt={4}>
            {description}
          </Text>
        )}
      </div>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}
