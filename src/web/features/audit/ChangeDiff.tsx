import { List, Text } from '@mantine/core';
import { fieldChanges } from './fieldChanges';

/** Long values (an e-mail body, a user agent) wrap anywhere rather than run out of the cell or get cut. */
const WRAP = { overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' } as const;

/** What an entry changed, a line a field: "Name: Acme → Acme Wholesale", or the value alone when one side has none. */
export function ChangeDiff({ before, after }: { before: unknown; after: unknown }) {
  const changes = fieldChanges(before, after);
  if (!changes.length) return null;
  return (
    <List size="sm" spacing={2} listStyleType="none" styles={{ itemWrapper: { display: 'block' } }}>
      {changes.map((c) => (
        <List.Item key={c.field} style={WRAP}>
          <Text span size="sm" fw={600}>
            {c.label}:
          </Text>{' '}
          {c.before !== undefined && c.after !== undefined ? `${c.before} → ${c.after}` : (c.after ?? c.before)}
        </List.Item>
      ))}
    </List>
  );
}
