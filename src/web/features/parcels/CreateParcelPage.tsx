import { Card, Group, Select, SimpleGrid } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { CustomerSearchResult } from '../../../contract/customers';
import { DIRECTION_LABELS, PARCEL_DIRECTIONS, parcelEndpoints, type ParcelBody } from '../../../contract/parcels';
import { CustomerSearchBox } from '../customers';
import {
  Form,
  notify,
  PageHeader,
  SubmitButton,
  useFieldProps,
  useForm,
  useSelectFieldProps,
  type FormState,
} from '../../ui';
import { paths } from '../../paths';
import { useContainers, useCustomerItems } from './api';
import { DimensionInput } from './DimensionInput';

/** The body, but the customer as the search box holds it and one select for what the parcel carries. */
type ParcelFormValues = Omit<ParcelBody, 'customer_id' | 'device_id' | 'equipment_id'> & {
  customer: CustomerSearchResult | null;
  /** 'device:12' or 'equipment:7'. */
  item: string | null;
};

const blank: ParcelFormValues = {
  customer: null,
  direction: 'to_customer',
  item: null,
  container_id: null,
  length: '',
  width: '',
  height: '',
  weight: '',
};

const toBody = ({ customer, item, ...rest }: ParcelFormValues): ParcelBody => {
  const [kind, id = null] = item ? item.split(':') : [];
  return {
    ...rest,
    customer_id: customer?.id ?? '',
    device_id: kind === 'device' ? id : null,
    equipment_id: kind === 'equipment' ? id : null,
  };
};

function Measure({
  form,
  field,
  label,
  unit,
}: {
  form: FormState<ParcelFormValues>;
  field: 'length' | 'width' | 'height' | 'weight';
  label: string;
  unit: 'in' | 'oz';
}) {
  const props = useFieldProps(form, field, { label, required: true });
  return (
    <DimensionInput
      unit={unit}
      {...props}
      onChange={(event) => {
        // Measured by hand: the box is no longer exactly the chosen container.
        if (field !== 'weight' && form.data.container_id) form.setData('container_id', null);
        props.onChange(event);
      }}
    />
  );
}

export function CreateParcelPage() {
  const form = useForm<ParcelFormValues>(blank);
  const navigate = useNavigate();
  const items = useCustomerItems(form.data.customer?.id);

  const direction = useFieldProps(form, 'direction', { label: 'Direction', required: true });
  const item = useSelectFieldProps(form, 'item', { label: 'Device or equipment' });

  return (
    <>
      <PageHeader title="Enter parcel" />
      <Card withBorder padding="lg" maw={760}>
        <Form
          form={form}
          onSubmit={() => {
            form.transform(toBody);
            form.submit(
              parcelEndpoints.create,
              {},
              {
                onSuccess: () => {
                  notify.success('Parcel entered.');
                  navigate(paths.parcels);
                },
              },
            );
          }}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <CustomerSearchBox
              value={form.data.customer}
              onChange={(customer) => {
                form.setData({ customer, item: null });
                form.clearErrors('customer_id', 'device_id', 'equipment_id');
              }}
              required
              error={form.errors.customer_id}
            />
            <Select
              {...direction}
              data={PARCEL_DIRECTIONS.map((d) => ({ value: d, label: DIRECTION_LABELS[d] }))}
              allowDeselect={false}
            />
          </SimpleGrid>
          <Select
            {...item}
            error={form.errors.device_id ?? form.errors.equipment_id}
            onChange={(value) => {
              form.setData('item', value);
              form.clearErrors('device_id', 'equipment_id');
            }}
            data={(items.data ?? []).map((i) => ({ value: `${i.kind}:${i.id}`, label: i.label }))}
            placeholder={form.data.customer ? 'Choose what the parcel carries' : 'Choose a customer first'}
            disabled={!form.data.customer}
            nothingFoundMessage="This customer has no devices or equipment."
            searchable
            clearable
          />
          <BoxFields form={form} />
          <Group>
            <SubmitButton />
          </Group>
        </Form>
      </Card>
    </>
  );
}

/** The box: a predefined container fills in its dimensions, or they are measured by hand; the weight always is. */
function BoxFields({ form }: { form: FormState<ParcelFormValues> }) {
  const containers = useContainers();
  const container = useSelectFieldProps(form, 'container_id', { label: 'Predefined container' });
  const chooseContainer = (id: string | null) => {
    const chosen = containers.data?.find((c) => String(c.id) === id);
    // The container gives the box's dimensions; the weight is the parcel's own.
    if (chosen)
      form.setData({
        container_id: id,
        length: String(chosen.length),
        width: String(chosen.width),
        height: String(chosen.height),
      });
    else form.setData('container_id', null);
    form.clearErrors('container_id', 'length', 'width', 'height');
  };

  return (
    <>
      <Select
        {...container}
        onChange={chooseContainer}
        data={(containers.data ?? []).map((c) => ({
          value: String(c.id),
          label: `${c.name} (${c.length} × ${c.width} × ${c.height} in)`,
        }))}
        placeholder="Custom size"
        description="Fills in the length, width and height."
        clearable
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Measure form={form} field="length" label="Length" unit="in" />
        <Measure form={form} field="width" label="Width" unit="in" />
        <Measure form={form} field="height" label="Height" unit="in" />
        <Measure form={form} field="weight" label="Weight" unit="oz" />
      </SimpleGrid>
    </>
  );
}
