import { Card, Group, Radio, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import {
  applySupplierRules,
  BILLING_CYCLES,
  FREQUENCIES,
  isFrequencyLocked,
  supplierEndpoints,
  type SupplierBody,
  type SupplierTerms,
} from '../../../contract/suppliers';
import { Form, notify, SubmitButton, useFieldProps, useForm, type FormState } from '../../ui';
import { useUndoToast } from '../audit';
import { paths } from '../../paths';

export type SupplierFormValues = Required<SupplierBody> & SupplierTerms;

export const blankSupplier: SupplierFormValues = {
  name: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  prorates: '0',
  supplierReport: false,
  frequency: 'Monthly',
  billingCycle: 'Calendar Month',
};

/**
 * The supplier form of §3/§4: adds a supplier, or saves the one of `id`. The terms follow the shared rules as
 * they are chosen; the server checks them again.
 */
export function SupplierForm({
  id,
  initial,
  successMessage,
}: {
  id?: string;
  initial: SupplierFormValues;
  successMessage: string;
}) {
  const form = useForm<SupplierFormValues>(initial);
  const navigate = useNavigate();
  const undoable = useUndoToast();
  const saved = {
    onSuccess: () => {
      // An edit can be taken back; an addition is undone by editing or, later, by an Administrator.
      if (id === undefined) notify.success(successMessage);
      else undoable(successMessage, { entityType: 'supplier', entityId: Number(id) });
      navigate(paths.suppliers);
    },
  };

  const supplierReport = useFieldProps(form, 'supplierReport', { label: 'Supplier report' });

  return (
    <Card withBorder padding="lg" maw={760}>
      <Form
        form={form}
        onSubmit={() =>
          id === undefined
            ? form.submit(supplierEndpoints.create, {}, saved)
            : form.submit(supplierEndpoints.update, { params: { id } }, saved)
        }
      >
        <TextInput {...useFieldProps(form, 'name', { label: 'Name', required: true })} maxLength={120} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput {...useFieldProps(form, 'contactName', { label: 'Contact name' })} maxLength={120} />
          <TextInput
            {...useFieldProps(form, 'contactEmail', { label: 'Contact email' })}
            type="email"
            maxLength={254}
          />
          <TextInput {...useFieldProps(form, 'contactPhone', { label: 'Contact phone' })} type="tel" maxLength={40} />
        </SimpleGrid>
        <TermsFields form={form} />
        <Switch {...supplierReport} />
        <div>
          <SubmitButton />
        </div>
      </Form>
    </Card>
  );
}

/** Billing cycle, frequency and proration: a choice applies the shared rules to the other two at once. */
function TermsFields({ form }: { form: FormState<SupplierFormValues> }) {
  const locked = isFrequencyLocked(form.data);
  const chooseTerms = (change: Partial<SupplierTerms>) => {
    const next = applySupplierRules({ ...form.data, ...change });
    form.setData({ prorates: next.prorates, frequency: next.frequency, billingCycle: next.billingCycle });
    form.clearErrors('prorates', 'frequency', 'billingCycle');
  };

  const prorates = useFieldProps(form, 'prorates', { label: 'Prorates', required: true });
  const frequency = useFieldProps(form, 'frequency', { label: 'Frequency', required: true });
  const billingCycle = useFieldProps(form, 'billingCycle', { label: 'Billing cycle', required: true });

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          {...billingCycle}
          data={[...BILLING_CYCLES]}
          allowDeselect={false}
          onChange={(value) => value && chooseTerms({ billingCycle: value as SupplierTerms['billingCycle'] })}
        />
        <Select
          {...frequency}
          data={[...FREQUENCIES]}
          allowDeselect={false}
          disabled={locked}
          description={locked ? 'Set by the billing cycle and proration.' : undefined}
          onChange={(value) => value && chooseTerms({ frequency: value as SupplierTerms['frequency'] })}
        />
      </SimpleGrid>
      <Radio.Group {...prorates} onChange={(value) => chooseTerms({ prorates: value as SupplierTerms['prorates'] })}>
        <Group mt={6}>
          <Radio value="1" label="Yes" disabled={form.data.billingCycle === '30 Day'} />
          <Radio value="0" label="No" />
        </Group>
      </Radio.Group>
    </>
  );
}
