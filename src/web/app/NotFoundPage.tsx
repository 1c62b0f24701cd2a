import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../paths';

export function NotFoundPage() {
  return (
    <Stack p="xl" align="flex-start">
      <Title order={1}>Page not found</Title>
      <Text c="dimmed">There is no page at this address. It may have moved, or the link may be wrong.</Text>
      <Anchor component={Link} to={paths.dashboard}>
        Back to the dashboard
      </Anchor>
    </Stack>
  );
}
