import { NumberInput, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { REASON_NAME_MAX, type CancellationReason } from '../../../contract/cancellation-reasons';
import { Form, SubmitButton, currentView, notify, useFieldProps, useForm } from '../../ui';
import { paths } from '../../paths';
import { reasonKeys } from './api';

interface ReasonFormProps {
  method: 'post' | 'patch';
  url: string;
  initial: { name: string; position?: number | '' };
  /** How many reasons exist: a new one may go at 1..count+1. */
  count?: number;
  successMessage: string;
}

/** Name (and, for a new reason, its place in the picker); back to the list after saving. */
export function ReasonForm({ method, url, initial, count, successMessage }: ReasonFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm(initial);
  form.transform((data) => ({ ...data, position: data.position === '' ? undefined : data.position }));
  const withPosition = initial.position !== undefined;
  const nameProps = useFieldProps(form, 'name', { label: 'Name', required: true });
  const positionProps = useFieldProps(form, 'position', { label: 'Position in the picker' });

  return (
    <Form
      form={form}
      onSubmit={() =>
        form.submit<CancellationReason>(method, url, {
          onSuccess: async () => {
            // In a modal the opener closes it, toasts and reloads its data.
            if (currentView() === 'modal') return;
            await queryClient.invalidateQueries({ queryKey: reasonKeys.all });
            notify.success(successMessage);
            await navigate(paths.cancellationReasons);
          },
        })
      }
      style={{ maxWidth: 480 }}
    >
      <TextInput {...nameProps} maxLength={REASON_NAME_MAX} data-autofocus autoFocus />
      {withPosition && (
        <NumberInput
          {...positionProps}
          description={count !== undefined ? `1 is first; empty puts it last (${count + 1}).` : undefined}
          min={1}
          max={count !== undefined ? count + 1 : undefined}
          allowDecimal={false}
          allowNegative={false}
        />
      )}
      <div>
        <SubmitButton />
      </div>
    </Form>
  );
}
