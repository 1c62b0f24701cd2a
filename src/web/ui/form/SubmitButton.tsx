import { Button, type ButtonProps } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useFormStatus } from './Form';

export interface SubmitButtonProps extends Omit<ButtonProps, 'loading' | 'type'> {
  /** Shows the spinner and disables; defaults to the enclosing Form's processing flag. */
  processing?: boolean;
  disabled?: boolean;
  children?: ReactNode;
  onClick?(): void;
}

/**
 * 'Submit' with an angle-right icon; disabled (with a spinner) only while submitting: after a failure it is
 * enabled again (§8), the errors staying on their fields.
 */
export function SubmitButton({ processing, disabled, children = 'Submit', ...rest }: SubmitButtonProps) {
  const status = useFormStatus();
  const busy = processing ?? status?.processing ?? false;
  return (
    <Button
      type="submit"
      rightSection={<IconChevronRight size={16} aria-hidden />}
      {...rest}
      loading={busy}
      disabled={disabled || busy}
    >
      {children}
    </Button>
  );
}
