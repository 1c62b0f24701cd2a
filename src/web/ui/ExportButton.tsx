import { useState } from 'react';
import { Button, Group, Progress, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { Endpoint } from '../../contract/endpoint';
import { urlOf } from '../../contract/endpoint';
import { download, HttpError } from '../lib/http';
import { notify } from './notify';

const NEWLINE = 10;

/**
 * Downloads a list's export with the page's current filters, showing how many rows have arrived (of the list's
 * total, when known) while the server streams them.
 */
export function ExportButton({
  endpoint,
  query,
  total,
  estimated = false,
}: {
  endpoint: Endpoint;
  query: Record<string, unknown>;
  total?: number;
  estimated?: boolean;
}) {
  const [rows, setRows] = useState<number | null>(null);

  async function exportRows() {
    setRows(0);
    try {
      const res = await download(urlOf(endpoint, { query }));
      if (!res.body) throw new Error('The export answered with no file.');
      const reader = res.body.getReader();
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let lines = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value as Uint8Array<ArrayBuffer>);
        for (const byte of value) if (byte === NEWLINE) lines++;
        // The header is a line too.
        setRows(Math.max(0, lines - 1));
      }
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob(chunks, { type: 'text/csv' }));
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      const exported = Math.max(0, lines - 1);
      notify.success(`Exported ${exported.toLocaleString('en-US')} ${exported === 1 ? 'row' : 'rows'} to ${name}.`);
    } catch (err) {
      console.error(err);
      // A refusal says why (a stale page link, a filter); a cut download or a lost connection cannot.
      notify.error(
        err instanceof HttpError && err.status !== 0 ? err.message : 'The export could not be made. Please try again.',
      );
    } finally {
      setRows(null);
    }
  }

  const of = total ? ` of ${estimated ? 'about ' : ''}${total.toLocaleString('en-US')}` : '';
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        variant="default"
        size="xs"
        leftSection={<IconDownload size={16} />}
        loading={rows !== null}
        onClick={() => void exportRows()}
      >
        Export CSV
      </Button>
      {rows !== null && (
        <Group gap={6} wrap="nowrap" miw={160}>
          <Progress value={total ? Math.min(100, (rows / total) * 100) : 0} w={60} aria-hidden />
          <Text size="xs" c="dimmed" aria-live="polite">
            {rows.toLocaleString('en-US')}
            {of} rows
          </Text>
        </Group>
      )}
    </Group>
  );
}
