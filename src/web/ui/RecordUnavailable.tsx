import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { HttpError } from '../lib/http';
import { PageHeader } from './PageHeader';
import { ErrorState } from './states';

export interface RecordUnavailableProps {
  title: string;
  /** The record as a sentence names it: "device", "equipment". */
  noun: string;
  error: unknown;
  /** An answer already shown is not "missing": only reading it again failed. */
  hasData?: boolean;
  onRetry(): void;
  back: { to: string; label: string };
}

/** A detail page whose record could not be read: gone (404, nothing to retry) or failed (Retry), and the way back. */
export function RecordUnavailable({ title, noun, error, hasData = false, onRetry, back }: RecordUnavailableProps) {
  const missing = !hasData && (!(error instanceof HttpError) || error.status === 404);
  return (
    <Stack>
      <PageHeader title={title} />
      <ErrorState
        message={
          missing ? `This ${noun} does not exist (it may have been deleted).` : `The ${noun} could not be loaded.`
        }
        onRetry={missing ? undefined : onRetry}
        error={error}
      />
      <Anchor component={Link} to={back.to}>
        {back.label}
      </Anchor>
    </Stack>
  );
}
