import { Button, Card, Code, Group, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { backupEndpoints } from '../../../contract/backups';
import { urlOf } from '../../../contract/endpoint';
import { ErrorState, LoadingState } from '../../ui';
import { useApiQuery } from '../../lib/data';

/**
 * Backups (ADR 031): the embedded database is downloaded from the server that has it open; a PostgreSQL database
 * is backed up with `npm run backup`, which the page names.
 */
export function BackupCard() {
  const info = useApiQuery(backupEndpoints.info, {});
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h3" mb="sm">
        Backups
      </Title>
      {info.error ? (
        <ErrorState message="The backup settings could not be loaded." onRetry={() => info.refetch()} />
      ) : !info.data ? (
        <LoadingState label="Loading backups…" />
      ) : info.data.download ? (
        <>
          <Text size="sm" mb="sm">
            A copy of the whole database, made now: every record, the staff accounts and the session secret. Keep it as
            safely as the server. Restore it with <Code>npm run restore -- &lt;file&gt;</Code> while the server is
            stopped. Each download is recorded in the audit log.
          </Text>
          <Group>
            <Button
              component="a"
              href={urlOf(backupEndpoints.download)}
              download
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Download a backup
            </Button>
          </Group>
        </>
      ) : (
        <Text size="sm">
          The database is PostgreSQL: back it up with <Code>npm run backup -- &lt;file&gt;</Code> on a machine that
          reaches it and has pg_dump, and restore with <Code>npm run restore -- &lt;file&gt;</Code>.
        </Text>
      )}
    </Card>
  );
}
