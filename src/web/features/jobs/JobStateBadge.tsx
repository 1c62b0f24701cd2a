import { Badge } from '@mantine/core';
import type { JobRun, JobState } from '../../../contract/jobs';

const STATES: Record<JobState, { label: string; color: string }> = {
  created: { label: 'Queued', color: 'gray' },
  active: { label: 'Running', color: 'blue' },
  retry: { label: 'Waiting to retry', color: 'yellow' },
  completed: { label: 'Done', color: 'teal' },
  failed: { label: 'Dead-lettered', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};

/** A run's state in words; "Never run" for a job with no run yet. */
export function JobStateBadge({ run }: { run: JobRun | null }) {
  const { label, color } = run ? STATES[run.state] : { label: 'Never run', color: 'gray' };
  return (
    <Badge variant="light" color={color}>
      {label}
    </Badge>
  );
}
