import { Stack, Text, Title } from '@mantine/core';

export function DashboardPage() {
  return (
    <Stack>
      <Title order={1}>Dashboard</Title>
      <Text c="dimmed">Trend charts will appear here.</Text>
    </Stack>
  );
}
