import { Card, List, Text, Title } from '@mantine/core';
import { ROLE_IDS, ROLES } from '../../../contract/access';

/** What each role may do, so whoever chooses one knows what it grants. */
export function RoleGuide() {
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h5" mb="xs">
        Roles
      </Title>
      <List spacing={4} size="sm">
        {ROLE_IDS.map((role) => (
          <List.Item key={role}>
            <Text span fw={600} size="sm">
              {ROLES[role].label}:
            </Text>{' '}
            {ROLES[role].summary}
          </List.Item>
        ))}
      </List>
    </Card>
  );
}
