import { Button, Group, MultiSelect, Select, Text } from '@mantine/core';
import {
  DIGEST_CHARTS_MAX,
  notificationEndpoints as endpoints,
  type DigestBody,
  type DigestSubscription,
} from '../../../contract/notifications';
import { RETURN_CHART_DEFAULT_LIMIT } from '../../../contract/business';
import { CREDITS_CHART, RETURNS_CHART, STATS_VIEWS } from '../../../contract/stats';
import { Form, notify, SegmentedChoice, SubmitButton, useConfirmAction, useForm, useSelectFieldProps } from '../../ui';
import { api } from '../../lib/api';
import { useInvalidate } from '../../lib/data';
import { TREND_CHARTS, viewsOf } from '../../../charts/dashboard/trends';
import { RETURNS_TITLE, returnsPeriod } from '../../../charts/dashboard/returns-by-model';
import { CREDITS_TITLE } from '../../../charts/dashboard/upcoming-credits';

const CADENCES = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly (the 1st)' },
] as const;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: `${String(h).padStart(2, '0')}:00` }));
/**
 * Every chart of the dashboard by the name the digest keeps: the trends in each of their views but all time, then
 * the returns by model (of the chart's default devices) and the credits.
 */
const CHART_CHOICES = [
  ...TREND_CHARTS.flatMap((def) =>
    viewsOf(def)
      .filter((view) => view !== 'yearly')
      .map((view) => ({ value: `${def.endpoint}-${view}`, label: `${def.title} (${STATS_VIEWS[view].label})` })),
  ),
  { value: RETURNS_CHART, label: `${RETURNS_TITLE} (${returnsPeriod(RETURN_CHART_DEFAULT_LIMIT)})` },
  { value: CREDITS_CHART, label: CREDITS_TITLE },
];

/** "Mon, Nov 30, 08:00": a digest's time as it was chosen, in business time, whatever the browser's zone. */
const inBusinessTime = (at: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(at));

type Values = { cadence: DigestBody['cadence']; weekday: string | null; hour: string; charts: string[] };

function EndDigestButton() {
  const { confirm } = useConfirmAction();
  const invalidate = useInvalidate();
  return (
    <Button
      variant="subtle"
      color="red"
      onClick={() =>
        void confirm({
          title: 'End the digest',
          message: 'No more digest e-mails.',
          confirmLabel: 'End digest',
          danger: true,
          action: () => api(endpoints.removeDigest, {}),
          successMessage: 'Digest ended.',
          onSuccess: () => void invalidate(endpoints.removeDigest, {}),
        })
      }
    >
      End digest
    </Button>
  );
}

/** The dashboard's digest: when it comes and which charts it draws; saved or ended by its reader. */
export function DigestForm({ digest, timeZone }: { digest: DigestSubscription | null; timeZone: string }) {
  const form = useForm<Values>(
    {
      cadence: digest?.cadence ?? 'weekly',
      weekday: digest?.weekday === null || digest?.weekday === undefined ? '1' : String(digest.weekday),
      hour: String(digest?.hour ?? 8),
      charts: digest?.charts ?? [],
    },
    { resetOnSuccess: false },
  );
  form.transform(({ cadence, weekday, hour, charts }) => ({
    cadence,
    weekday: cadence === 'weekly' ? Number(weekday) : null,
    hour: Number(hour),
    charts,
  }));
  const weekdayProps = useSelectFieldProps(form, 'weekday', { label: 'Day' });
  const hourProps = useSelectFieldProps(form, 'hour', { label: 'At' });
  const chartsProps = useSelectFieldProps(form, 'charts', { label: 'Charts drawn in it' });
  return (
    <Form
      form={form}
      onSubmit={() => form.submit(endpoints.saveDigest, {}, { onSuccess: () => notify.success('Digest saved.') })}
    >
      <Text size="sm" c="dimmed">
        {digest
          ? `Next e-mail: ${inBusinessTime(digest.nextAt, timeZone)}. It holds the figures at a glance and the charts chosen.`
          : 'An e-mail with the figures at a glance and the charts you choose, at the hour you choose.'}
      </Text>
      {digest?.lastError && (
        <Text size="sm" c="red">
          {digest.lastError}
        </Text>
      )}
      <SegmentedChoice
        aria-label="How often"
        selectWidth={180}
        value={form.data.cadence}
        onChange={(cadence) => form.setData('cadence', cadence)}
        data={[...CADENCES]}
      />
      <Group gap="sm" align="flex-start">
        {form.data.cadence === 'weekly' && (
          <Select
            {...weekdayProps}
            w={160}
            data={WEEKDAYS.map((label, i) => ({ value: String(i), label }))}
            allowDeselect={false}
          />
        )}
        <Select {...hourProps} w={120} data={HOURS} allowDeselect={false} />
      </Group>
      <MultiSelect
        {...chartsProps}
        value={form.data.charts}
        onChange={(charts) => form.setData('charts', charts)}
        data={CHART_CHOICES}
        maxValues={DIGEST_CHARTS_MAX}
        searchable
        description={`Up to ${DIGEST_CHARTS_MAX}, each drawn as on the page and linking to it.`}
      />
      <Group gap="sm">
        <SubmitButton>{digest ? 'Save digest' : 'Start digest'}</SubmitButton>
        {digest && <EndDigestButton />}
      </Group>
    </Form>
  );
}
