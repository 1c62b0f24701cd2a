import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertCircle } from '@tabler/icons-react';
import { HttpError } from '../lib/http';
import { notify } from './notify';

export interface ConfirmActionOptions<R = unknown> {
  title?: string;
  /** The exact confirmation text the user agrees to. */
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  action(): Promise<R>;
  /** Reload the page's data here (invalidate queries). */
  onSuccess?(result: R): void;
  /**
   * The toast after success: a text, or read from the answer (an action the server words itself, one wording);
   * null when `onSuccess` reports the outcome itself.
   */
  successMessage?: string | null | ((result: R) => string);
}

function successText<R>(message: ConfirmActionOptions<R>['successMessage'], result: R): string | null {
  if (typeof message === 'function') return message(result);
  return message === null ? null : (message ?? 'Done.');
}

function failureText(err: unknown): string {
  if (err instanceof HttpError) return err.firstError;
  console.error(err);
  return 'Something went wrong. Please try again.';
}

function ConfirmBody<R>({ options, done }: { options: ConfirmActionOptions<R>; done(confirmed: boolean): void }) {
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run() {
    setRunning(true);
    setError(null);
    try {
      const result = await options.action();
      done(true);
      options.onSuccess?.(result);
      const text = successText(options.successMessage, result);
      if (text !== null) notify.success(text);
    } catch (err) {
      setError(failureText(err));
      setRunning(false);
    }
  }

  return (
    <Stack>
      {typeof options.message === 'string' ? <Text>{options.message}</Text> : options.message}
      {error && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        {/* Focus starts on Cancel: Enter pressed twice must never carry out a destructive action. */}
        <Button variant="default" onClick={() => done(false)} disabled={running} data-autofocus>
          {options.cancelLabel ?? 'Cancel'}
        </Button>
        <Button color={options.danger ? 'red' : undefined} loading={running} onClick={run}>
          {options.confirmLabel ?? 'Confirm'}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Confirm-then-act for destructive actions: the exact confirmation text; declining does nothing; a refusal shows
 * the first entry of the server's errors in an alert (the dialog stays open); success closes it, reloads and toasts.
 * `confirm` resolves true when the action succeeded, false when declined.
 */
export function useConfirmAction() {
  return {
    confirm<R>(options: ConfirmActionOptions<R>): Promise<boolean> {
      return new Promise((resolve) => {
        let settled = false;
        const done = (confirmed: boolean) => {
          if (settled) return;
          settled = true;
          modals.close(id);
          resolve(confirmed);
        };
        const id = modals.open({
          title: options.title ?? 'Are you sure?',
          centered: true,
          children: <ConfirmBody options={options} done={done} />,
          onClose: () => done(false),
        });
      });
    },
  };
}
