import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ErrorState,
  Form,
  LoadingState,
  notify,
  PageHeader,
  SubmitButton,
  useFieldProps,
  useForm,
  type FormState,
} from '../../ui';
import { HttpError } from '../../lib/http';
import { href, paths } from '../../paths';
import { DEFAULT_DEVICE_STATUS_ID } from '../../../contract/business';
import {
  deviceActionRefusal,
  deviceFacts,
  devicesEndpoints,
  replacementTargetRefusal,
  type DeviceDetail,
  type DeviceOptions,
  type ReplacementBody,
  type SimLookupDevice,
} from '../../../contract/devices';
import { api } from '../../lib/api';
import { useDevice, useDeviceOptions } from './api';

function FoundDevice({ device }: { device: SimLookupDevice }) {
  return (
    <Card withBorder padding="sm" data-testid="found-device">
      <Stack gap={6}>
        <Text size="sm">
          Found{' '}
          <Anchor component={Link} to={href(paths.device, { id: device.id })} target="_blank">
            device {device.id}
          </Anchor>
          : SIM {device.sim}, IMEI {device.imei ?? 'none'}, {device.status.description}.
        </Text>
        {device.warnings.length > 0 && (
          <Alert color="yellow" icon={<IconAlertTriangle />} title="Check before moving">
            <List size="sm">
              {device.warnings.map((w) => (
                <List.Item key={w}>{w}</List.Item>
              ))}
            </List>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

type ReplacementForm = FormState<ReplacementBody>;

/** The SIM typed is looked up on demand; the device found is the one the move goes to. */
function useSimLookup(form: ReplacementForm) {
  const [found, setFound] = useState<SimLookupDevice | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [lookingUp, setLookingUp] = useState(false);
  const forget = () => {
    setFound(null);
    setError(null);
  };
  async function lookup() {
    const sim = form.data.sim.trim();
    forget();
    form.setData('new_device_id', '');
    if (!sim) {
      form.setError('sim', 'The sim field is required.');
      return;
    }
    setLookingUp(true);
    try {
      const result = await api(devicesEndpoints.bySim, { params: { sim } });
      setFound(result);
      form.setData('new_device_id', result.id);
    } catch (err) {
      setError(err instanceof HttpError ? err.firstError : 'The lookup failed. Please try again.');
    } finally {
      setLookingUp(false);
    }
  }
  return { found, error, lookingUp, lookup, forget };
}
type SimLookup = ReturnType<typeof useSimLookup>;

function SimField({ form, lookup }: { form: ReplacementForm; lookup: SimLookup }) {
  const simField = useFieldProps(form, 'sim', { required: true, label: 'SIM' });
  return (
    <TextInput
      {...simField}
      onChange={(event) => {
        form.setData({ sim: event.currentTarget.value, new_device_id: '' });
        lookup.forget();
      }}
      onKeyDown={(event) => {
        // Enter in the SIM field looks the SIM up rather than submitting the move.
        if (event.key === 'Enter') {
          event.preventDefault();
          void lookup.lookup();
        }
      }}
      description="SIM of the device the phone and line move to"
      autoComplete="off"
      inputContainer={(input) => (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <div style={{ flex: 1 }}>{input}</div>
          <Button
            variant="light"
            onClick={lookup.lookup}
            loading={lookup.lookingUp}
            leftSection={<IconSearch size={16} />}
          >
            Lookup
          </Button>
        </Group>
      )}
    />
  );
}

/** What the new device gets (its phone's model) and what becomes of this one once it is a SIM Only. */
function TargetFields({
  form,
  device,
  options,
}: {
  form: ReplacementForm;
  device: DeviceDetail;
  options: DeviceOptions;
}) {
  return (
    <>
      <Select
        {...useFieldProps(form, 'product_id', { required: true, label: 'Product' })}
        value={String(form.data.product_id) || null}
        onChange={(value) => form.setData('product_id', value ?? '')}
        data={options.products.map((p) => ({ value: String(p.id), label: p.model }))}
        searchable
        description="Model of the phone on the new device"
      />
      <Select
        {...useFieldProps(form, 'device_status_id', { label: 'Device status' })}
        value={String(form.data.device_status_id)}
        onChange={(value) => form.setData('device_status_id', value ?? String(DEFAULT_DEVICE_STATUS_ID))}
        data={options.statuses.map((s) => ({ value: String(s.id), label: s.description }))}
        allowDeselect={false}
        description={`Status of device ${device.id} once it is a SIM Only`}
      />
      <Checkbox
        {...useFieldProps(form, 'unavailable', { label: 'Unavailable' })}
        description={`Mark device ${device.id} unavailable once it is a SIM Only`}
      />
    </>
  );
}

function ReplacementFormView({ device, options }: { device: DeviceDetail; options: DeviceOptions }) {
  const navigate = useNavigate();
  // Ids as the selects hold them (digits, '' for none); the body schema reads them as ids.
  const form = useForm<ReplacementBody>({
    sim: '',
    new_device_id: '',
    unavailable: true,
    device_status_id: String(DEFAULT_DEVICE_STATUS_ID),
    product_id: String(device.product?.id ?? ''),
  });
  const lookup = useSimLookup(form);
  const { found } = lookup;
  // A device the server would refuse is said so at once, and Submit stays off.
  const refusal = found && replacementTargetRefusal(device.id, found);

  const submit = () =>
    form.submit(
      devicesEndpoints.replace,
      { params: { id: device.id } },
      {
        onSuccess: async ({ newDeviceId }) => {
          lookup.forget();
          notify.success(`The line moved to device ${newDeviceId}.`);
          await navigate(href(paths.device, { id: newDeviceId }));
        },
      },
    );

  return (
    <Form form={form} onSubmit={submit} aria-label="Move equipment">
      <SimField form={form} lookup={lookup} />
      {lookup.error && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {lookup.error}
        </Alert>
      )}
      {found && <FoundDevice device={found} />}
      {refusal && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert" title="This device cannot take the phone and line">
          {refusal}
        </Alert>
      )}
      <TargetFields form={form} device={device} options={options} />
      <Group>
        <SubmitButton disabled={!found || !!refusal || form.data.new_device_id === '' || lookup.lookingUp}>
          Move equipment
        </SubmitButton>
      </Group>
    </Form>
  );
}

/** Move equipment / device replacement: the phone and line of this device move to another device found by SIM. */
export function ReplaceDevicePage() {
  const id = Number(useParams().id);
  const device = useDevice(id);
  const options = useDeviceOptions();

  if (device.error || options.error) {
    return (
      <Stack>
        <PageHeader title="Move equipment" />
        <ErrorState
          message={
            device.error instanceof HttpError && device.error.status === 404
              ? 'This device does not exist.'
              : 'The device could not be loaded.'
          }
          onRetry={() => {
            void device.refetch();
            void options.refetch();
          }}
          error={device.error ?? options.error}
        />
      </Stack>
    );
  }
  if (!device.data || !options.data) return <LoadingState label="Loading device…" />;
  const d = device.data;
  const refusal = deviceActionRefusal('replace', deviceFacts(d));
  return (
    <Stack maw={720}>
      <PageHeader
        title="Move equipment"
        actions={
          <Button component={Link} to={href(paths.device, { id: d.id })} variant="default">
            Back to device {d.id}
          </Button>
        }
      />
      <Card withBorder padding="md">
        <Title order={2} size="h5" mb={4}>
          From device {d.id}
        </Title>
        <Text size="sm">
          {d.product?.model ?? 'SIM Only'} · IMEI {d.imei ?? 'none'} · SIM {d.sim}
          {d.subscription?.status === 'active'
            ? ` · subscription #${d.subscription.id} of ${d.subscription.customer.name}`
            : ''}
        </Text>
        <Text size="sm" c="dimmed" mt={4}>
          The phone, its active subscription and any open loan move to the device you look up; device {d.id} becomes a
          SIM Only.
        </Text>
      </Card>
      {refusal ? (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {refusal}
        </Alert>
      ) : (
        <ReplacementFormView device={d} options={options.data} />
      )}
    </Stack>
  );
}
