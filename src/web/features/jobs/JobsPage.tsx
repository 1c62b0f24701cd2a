import { Button, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import type { JobSummary } from '../../../contract/jobs';
import { DataTable, PageHeader, formatDateTime, type Column } from '../../ui';
import { useJobs, useRunAgain } from './api';
import { JobStateBadge } from './JobStateBadge';

/** Queues the work of a job's last run again (a dead-lettered one gets its tries afresh). */
function RunAgainButton({ job }: { job: JobSummary }) {
  const runAgain = useRunAgain(job.label);
  if (!job.lastRun) return null;
  const { id } = job.lastRun;
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconPlayerPlay size={14} />}
      loading={runAgain.isPending}
      onClick={() => runAgain.mutate({ params: { id } })}
      aria-label={`Run ${job.label} again`}
    >
      Run again
    </Button>
  );
}

const columns: Column<JobSummary>[] = [
  { key: 'label', header: 'Job', card: 'title' },
  { key: 'schedule', header: 'Schedule', render: (j) => j.schedule ?? 'When queued' },
  {
    key: 'nextRunAt',
    header: 'Next run',
    nowrap: true,
    render: (j) => (j.nextRunAt ? formatDateTime(j.nextRunAt) : null),
  },
  { key: 'state', header: 'Last run', nowrap: true, render: (j) => <JobStateBadge run={j.lastRun} /> },
  {
    key: 'attempts',
    header: 'Attempts',
    nowrap: true,
    render: (j) => j.lastRun && `${j.lastRun.attempts} of ${j.lastRun.retryLimit + 1}`,
  },
  {
    key: 'lastError',
    header: 'Last error',
    render: (j) =>
      j.lastRun?.lastError && (
        <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>
          {j.lastRun.lastError}
        </Text>
      ),
  },
  { key: 'runAgain', header: 'Action', nowrap: true, render: (j) => <RunAgainButton job={j} /> },
];

/** Background work for Administrators: each job's state, attempts, last error and next run, and "Run again". */
export function JobsPage() {
  const jobs = useJobs();
  return (
    <>
      <PageHeader
        title="Jobs"
        description={
          jobs.data
            ? `Background work and its last run. Schedules are in business time (${jobs.data.timeZone}); a failed run is tried again after a growing wait, then dead-lettered.`
            : 'Background work and its last run.'
        }
      />
      <DataTable
        caption="Jobs"
        columns={columns}
        rows={jobs.data?.jobs}
        loading={jobs.isPending}
        error={jobs.error}
        onRetry={() => void jobs.refetch()}
        rowKey={(j) => j.name}
        empty="No background work is defined."
      />
    </>
  );
}
