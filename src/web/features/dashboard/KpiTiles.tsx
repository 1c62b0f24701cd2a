import { useState } from 'react';
import { ActionIcon, Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import type { KpiQuery, KpiTile } from '../../../contract/stats';
import { DateRangeFields, ErrorState, formatDate, SegmentedChoice } from '../../ui';
import { useKpis } from './api';
import { formatValue } from '../../../charts/dashboard/trend-option';
import { paths } from '../../paths';
import { AlertRuleDialog } from './AlertRuleDialog';

type Preset = 'last30' | 'month' | 'year' | 'custom';
const PRESETS: { value: Preset; label: string }[] = [
  { value: 'last30', label: 'Last 30 days' },
  { value: 'month', label: 'This month' },
  { value: 'year', label: 'This year' },
  { value: 'custom', label: 'Custom' },
];

/** The range asked for; null while a custom range is incomplete. */
function rangeOf(preset: Preset, custom: { from: string | null; to: string | null }): KpiQuery | null {
  const today = dayjs().format('YYYY-MM-DD');
  if (preset === 'month') return { from: dayjs().startOf('month').format('YYYY-MM-DD'), to: today };
  if (preset === 'year') return { from: dayjs().startOf('year').format('YYYY-MM-DD'), to: today };
  if (preset === 'custom') return custom.from && custom.to ? { from: custom.from, to: custom.to } : null;
  return {};
}

const show = (tile: Pick<KpiTile, 'format'>, value: number) =>
  formatValue({ money: tile.format === 'money', percent: tile.format === 'percent' }, value);

/** The change against the days before: in points for a rate, in percent otherwise; green when it is good news. */
function Change({ tile }: { tile: KpiTile }) {
  const diff = tile.value - tile.previous;
  if (diff === 0)
    return (
      <Text size="xs" c="dimmed">
        No change
      </Text>
    );
  const good = diff > 0 === tile.higherIsBetter;
  const Arrow = diff > 0 ? IconArrowUpRight : IconArrowDownRight;
  const amount =
    tile.format === 'percent'
      ? `${Math.abs(diff).toFixed(2)} pts`
      : tile.previous
        ? `${Math.abs((diff / tile.previous) * 100).toFixed(1)}%`
        : show(tile, Math.abs(diff));
  return (
    <Group gap={2} c={good ? 'teal' : 'red'} wrap="nowrap">
      <Arrow size={14} aria-hidden />
      <Text size="xs" fw={600} c="inherit">
        {diff > 0 ? 'Up' : 'Down'} {amount}
      </Text>
    </Group>
  );
}

/** Where a figure's rows are listed, for the range shown. */
function listOf(key: KpiTile['key'], from: string, to: string): string | null {
  const range = new URLSearchParams({ from, to, needsReason: '0' });
  if (key === 'orders') return `${paths.subscriptions}?${range}`;
  if (key === 'returnRate') return `${paths.cancellations}?type=return&${range}`;
  if (key === 'churn') return `${paths.cancellations}?type=cancellation&${range}`;
  return null;
}

/** Headline figures above the charts for a chosen range, each against the as many days before it. */
export function KpiTiles() {
  const [preset, setPreset] = useState<Preset>('last30');
  const [custom, setCustom] = useState<{ from: string | null; to: string | null }>({ from: null, to: null });
  const range = rangeOf(preset, custom);
  const kpis = useKpis(range);

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="kpi-title">
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={2} size="h4" id="kpi-title">
          At a glance
        </Title>
        <SegmentedChoice<Preset>
          aria-label="Range of the figures"
          selectWidth={150}
          value={preset}
          onChange={setPreset}
          data={PRESETS}
        />
      </Group>
      {preset === 'custom' && (
        <Group gap="sm" mb="sm" align="flex-start">
          <DateRangeFields
            labels={['From', 'To']}
            from={custom.from}
            to={custom.to}
            onChange={(change) => setCustom((c) => ({ ...c, ...change }))}
            w={160}
          />
        </Group>
      )}
      {kpis.isError ? (
        <ErrorState message="The figures could not be loaded." onRetry={() => void kpis.refetch()} error={kpis.error} />
      ) : !range ? (
        <Text size="sm" c="dimmed">
          Choose the first and last day.
        </Text>
      ) : (
        <TileGrid kpis={kpis} />
      )}
    </Card>
  );
}

/** The tiles, each linking to the list of its rows where there is one, and the ranges compared. */
function TileGrid({ kpis }: { kpis: ReturnType<typeof useKpis> }) {
  const [alerting, setAlerting] = useState<KpiTile | null>(null);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        {kpis.data
          ? kpis.data.tiles.map((tile) => {
              const href = listOf(tile.key, kpis.data.from, kpis.data.to);
              const value = show(tile, tile.value);
              return (
                <Stack key={tile.key} gap={2} data-kpi={tile.key}>
                  <Group gap={4} wrap="nowrap" justify="space-between">
                    <Text size="xs" c="dimmed" fw={600}>
                      {tile.label}
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-label={`Alert me: ${tile.label}`}
                      onClick={() => setAlerting(tile)}
                    >
                      <IconBell size={14} />
                    </ActionIcon>
                  </Group>
                  <Text fz="xl" fw={700} lh={1.2}>
                    {href ? (
                      <Anchor component={Link} to={href} inherit c="inherit" underline="hover">
                        {value}
                      </Anchor>
                    ) : (
                      value
                    )}
                  </Text>
                  <Change tile={tile} />
                </Stack>
              );
            })
          : Array.from({ length: 5 }, (_, i) => <Skeleton key={i} h={58} />)}
      </SimpleGrid>
      {kpis.data && (
        <Text size="xs" c="dimmed">
          {formatDate(kpis.data.from)}–{formatDate(kpis.data.to)}, compared with {formatDate(kpis.data.previousFrom)}–
          {formatDate(kpis.data.previousTo)}.
        </Text>
      )}
      {alerting && (
        <AlertRuleDialog
          target={{
            title: alerting.label,
            metric: `kpi:${alerting.key}`,
            valueHint: 'As the tile shows it (a rate in %).',
          }}
          onClose={() => setAlerting(null)}
        />
      )}
    </Stack>
  );
}
