import { useState } from 'react';
import { Alert, Card, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { BodyIn } from '../../../contract/endpoint';
import {
  FEEDBACK_BODY_MAX,
  FEEDBACK_THANKS_MESSAGE,
  feedbackEndpoints,
  type FeedbackRow,
} from '../../../contract/feedback';
import {
  DataTable,
  pageQueryProps,
  usePager,
  Form,
  PageHeader,
  SearchInput,
  SubmitButton,
  formatDateTime,
  useFieldProps,
  useForm,
  type Column,
} from '../../ui';
import { useFeedbackList } from './api';
import { useCan } from '../auth';

// Two columns, so the text itself stays on screen at 375 px.
const columns: Column<FeedbackRow>[] = [
  {
    key: 'sent',
    header: 'From',
    width: 150,
    render: (r) => (
      <>
        <Text size="sm">{r.userName ?? 'A former user'}</Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(r.createdAt)}
        </Text>
      </>
    ),
  },
  {
    key: 'body',
    header: 'Feedback',
    render: (r) => (
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {r.body}
      </Text>
    ),
  },
];

function FeedbackForm() {
  const form = useForm<BodyIn<typeof feedbackEndpoints.submit>>({ body: '' });
  const thanked = form.successful && !form.data.body;
  return (
    <Card withBorder padding="lg">
      <Form form={form} onSubmit={() => form.submit(feedbackEndpoints.submit)}>
        {thanked && (
          <Alert color="green" icon={<IconCircleCheck />} role="status">
            {FEEDBACK_THANKS_MESSAGE}
          </Alert>
        )}
        <Textarea
          {...useFieldProps(form, 'body', { label: 'Your feedback', required: true })}
          description="Ideas, problems, anything that would make the back office better."
          autosize
          minRows={4}
          maxRows={14}
          maxLength={FEEDBACK_BODY_MAX}
        />
        <div>
          <SubmitButton />
        </div>
      </Form>
    </Card>
  );
}

function Submissions() {
  const pager = usePager();
  const [q, setQ] = useState('');
  const list = useFeedbackList({ ...pager.request, q });
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Submissions
      </Title>
      <SearchInput
        value={q}
        onChange={(value) => {
          setQ(value);
          pager.reset();
        }}
        placeholder="Search feedback"
        maw={360}
      />
      <DataTable
        caption="Feedback submissions"
        minWidth={0}
        columns={columns}
        {...pageQueryProps(list)}
        {...pager.props}
        empty={q ? 'No feedback matches this search.' : 'No feedback has been sent yet.'}
      />
    </Stack>
  );
}

export function FeedbackPage() {
  const can = useCan();
  return (
    <Stack gap="xl">
      <div>
        <PageHeader title="Feedback" description="Tell the team what works and what does not." />
        <FeedbackForm />
      </div>
      {can('feedback.view') && <Submissions />}
    </Stack>
  );
}
