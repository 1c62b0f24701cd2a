import { NumberInput, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  cancellationReasonEndpoints as endpoints,
  REASON_NAME_MAX,
  type createReasonBody,
} from '../../../contract/cancellation-reasons';
import { Form, SubmitButton, currentView, notify, useFieldProps, useForm } from '../../ui';
import { useUndoToast } from '../audit';
import { paths } from '../../paths';

/** The form's values: a name and, for a new reason, its place in the picker ('' while the field is empty). */
type ReasonValues = z.input<typeof createReasonBody>;

interface ReasonFormProps {
  /** The reason renamed; none to add a new one. */
  reasonId?: number;
  initial: ReasonValues;
  /** How many reasons exist: a new one may go at 1..count+1. */
  count?: number;
  successMessage: string;
}

/** Name (and, for a new reason, its place in the picker); back to the list after saving. */
export function ReasonForm({ reasonId, initial, count, successMessage }: ReasonFormProps) {
  const navigate = useNavigate();
  const form = useForm(initial);
  const undoable = useUndoToast();
  // An empty position means last: the key is left out, as a rename has none.
  form.transform(({ position, ...rest }) => (position === '' || position === undefined ? rest : { ...rest, position }));
  const withPosition = initial.position !== undefined;
  const nameProps = useFieldProps(form, 'name', { label: 'Name', required: true });
  const positionProps = useFieldProps(form, 'position', { label: 'Position in the picker' });

  const options = {
    onSuccess: async () => {
      // In a modal the opener closes it, toasts and reloads its data.
      if (currentView() === 'modal') return;
      // A rename can be taken back; an addition is removed with Delete.
      if (reasonId === undefined) notify.success(successMessage);
      else undoable(successMessage, { entityType: 'cancellation_reason', entityId: Number(reasonId) });
      await navigate(paths.cancellationReasons);
    },
  };

  return (
    <Form
      form={form}
      onSubmit={() =>
        reasonId === undefined
          ? form.submit(endpoints.create, {}, options)
          : form.submit(endpoints.rename, { params: { reasonId } }, options)
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
