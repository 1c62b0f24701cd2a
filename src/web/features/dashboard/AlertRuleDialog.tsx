import { Anchor, Modal, MultiSelect, Select, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import {
  ALERT_VIEWS,
  conditionsFor,
  notificationEndpoints as endpoints,
  type AlertRuleBody,
} from '../../../contract/notifications';
import { STATS_VIEWS } from '../../../contract/stats';
import {
  Form,
  notify,
  SegmentedChoice,
  SubmitButton,
  useFieldProps,
  useForm,
  useSelectFieldProps,
  type FormState,
} from '../../ui';
import { useApiQuery } from '../../lib/data';
import { useCan } from '../auth';
import { paths } from '../../paths';

/** A figure an alert can watch: a KPI tile or a figure of a card, or a chart whose series and views the dialog offers. */
export interface AlertTarget {
  /** The tile's or the chart's name, as the page shows it. */
  title: string;
  /** `kpi:<tile>` or `credits:remaining`, or `trend:<endpoint>:` or `returns-by-model:<N>:` followed by a series. */
  metric: string;
  series?: { field: string; name: string }[];
  /** What a series is (a model): its choice is labelled so, and the rule's label always names the one chosen. */
  seriesLabel?: string;
  /** What the value is compared in, as the card shows it. */
  valueHint?: string;
  /** The views the chart has; none for a tile (read as shown: the last 30 days). */
  views?: readonly string[];
  view?: string;
}

const CONDITIONS: { value: Values['condition']; label: string }[] = [
  { value: 'above', label: 'Above' },
  { value: 'below', label: 'Below' },
  { value: 'change', label: 'Changes by' },
];
const FREQUENCIES = [
  { value: 'hourly', label: 'Every hour' },
  { value: 'daily', label: 'Every day (07:00)' },
  { value: 'weekly', label: 'Every Monday (07:00)' },
];

type Values = Omit<AlertRuleBody, 'threshold' | 'metric' | 'recipientIds'> & {
  threshold: string;
  series: string;
  recipientIds: string[];
};

/** The rule's form: the chosen series makes the metric, and the label names it as the page does. */
function useAlertRuleForm(target: AlertTarget, views: readonly Values['view'][]) {
  const form = useForm<Values>({
    series: target.series?.[0]?.field ?? '',
    label: target.title,
    view: views.includes(target.view as never) ? (target.view as Values['view']) : (views[0] ?? 'monthly'),
    condition: 'above',
    threshold: '',
    frequency: 'daily',
    recipientIds: [],
  });
  form.transform(({ series, recipientIds, ...rest }) => {
    const seriesName = target.series?.find((s) => s.field === series)?.name;
    return {
      ...rest,
      metric: target.series ? `${target.metric}${series}` : target.metric,
      label:
        seriesName && (target.series!.length > 1 || target.seriesLabel)
          ? `${target.title} · ${seriesName}`
          : target.title,
      recipientIds: recipientIds.map(Number),
    };
  });
  return form;
}

/** Staff an Administrator's rule mails besides them. */
function RecipientsField({ form }: { form: FormState<Values> }) {
  const staff = useApiQuery(endpoints.settings, {});
  const props = useSelectFieldProps(form, 'recipientIds', { label: 'Also mail' });
  return (
    <MultiSelect
      {...props}
      value={form.data.recipientIds}
      onChange={(ids) => form.setData('recipientIds', ids)}
      data={(staff.data?.staff ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
      searchable
      description="Staff who may see the dashboard; each can unsubscribe."
    />
  );
}

/** "Alert me": a rule on the figure, made from the chart's menu or the tile (ADR 059). */
export function AlertRuleDialog({ target, onClose }: { target: AlertTarget; onClose(): void }) {
  const can = useCan();
  const views = (target.views ?? []).filter((v): v is Values['view'] => (ALERT_VIEWS as readonly string[]).includes(v));
  const form = useAlertRuleForm(target, views);
  const condition = form.data.condition;
  const conditions = conditionsFor(target.metric);
  const seriesProps = useSelectFieldProps(form, 'series', { label: target.seriesLabel ?? 'Series', required: true });
  const viewProps = useSelectFieldProps(form, 'view', { label: 'Period', required: true });
  const thresholdProps = useFieldProps(form, 'threshold', {
    label: condition === 'change' ? 'Change of more than (%)' : 'Value',
    required: true,
  });
  const frequencyProps = useSelectFieldProps(form, 'frequency', { label: 'Check', required: true });
  const saved = () => {
    notify.success('Alert saved: you will get an e-mail when it fires and when it is back to normal.');
    onClose();
  };
  return (
    <Modal opened onClose={onClose} title={`Alert me: ${target.title}`} size="md">
      <Form form={form} onSubmit={() => form.submit(endpoints.createRule, {}, { onSuccess: saved })}>
        {target.series && (target.series.length > 1 || target.seriesLabel) && (
          <Select
            {...seriesProps}
            data={target.series.map((s) => ({ value: s.field, label: s.name }))}
            allowDeselect={false}
          />
        )}
        {views.length > 0 && (
          <Select
            {...viewProps}
            description="Checked on the last finished period of this view."
            data={views.map((v) => ({ value: v, label: STATS_VIEWS[v].label }))}
            allowDeselect={false}
          />
        )}
        <SegmentedChoice
          aria-label="Condition"
          selectWidth={160}
          value={condition}
          onChange={(value) => form.setData('condition', value as Values['condition'])}
          data={CONDITIONS.filter((c) => conditions.includes(c.value))}
        />
        <TextInput
          {...thresholdProps}
          inputMode="decimal"
          description={condition === 'change' ? 'Against the period before, either way.' : target.valueHint}
        />
        <Select {...frequencyProps} data={FREQUENCIES} allowDeselect={false} />
        {can('staff.manage') && <RecipientsField form={form} />}
        <Text size="sm" c="dimmed">
          Manage your alerts under{' '}
          <Anchor component={Link} to={paths.notifications} inherit>
            Alerts &amp; digests
          </Anchor>
          .
        </Text>
        <div>
          <SubmitButton>Save alert</SubmitButton>
        </div>
      </Form>
    </Modal>
  );
}
