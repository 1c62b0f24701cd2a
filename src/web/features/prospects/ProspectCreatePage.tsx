import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconCurrentLocation, IconMapPinOff } from '@tabler/icons-react';
import { CARRIERS, DEFAULT_STATE, PROSPECT_ACTION_WITH_DETAILS, SPEED_TEST_READINGS } from '../../../contract/business';
import type { CustomerSearchResult } from '../../../contract/customers';
import {
  OTHER_TOPOGRAPHY_ID,
  prospectStoreFor,
  showsAdditionalInfo,
  takesSpeedTests,
  type ProspectCreated,
  type ProspectFormInput,
  type ProspectFormOptions,
} from '../../../contract/prospects';
import { paths } from '../../paths';
import { CustomerSearchBox } from '../customers';
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
import { RequirePermission } from '../auth';
import { useProspectFormOptions } from './api';
import { useDeviceLocation, type DeviceLocation } from './useDeviceLocation';

const emptyReadings = () => Array.from({ length: SPEED_TEST_READINGS }, () => '');

function initialValues(): ProspectFormInput {
  return {
    rep_id: null,
    customer_id: null,
    name: '',
    address: { address: '', city: '', state: DEFAULT_STATE, zip: '' },
    new_construction: 0,
    prospect_action_id: null,
    action_taken: '',
    speed_tests: Object.fromEntries(CARRIERS.map((c) => [c.id, emptyReadings()])),
    topographies: [],
    offered_promotion: 0,
    comments: '',
    location: null,
  };
}

export function ProspectCreatePage() {
  // The office reads visits; logging them is the field's (prospects.log).
  return (
    <RequirePermission permission="prospects.log">
      <ProspectCreate />
    </RequirePermission>
  );
}

function ProspectCreate() {
  const options = useProspectFormOptions();
  return (
    <Stack maw={760}>
      <PageHeader title="Log a prospect visit" />
      {options.isPending ? (
        <LoadingState label="Loading the form…" />
      ) : options.isError ? (
        <ErrorState
          message="The form could not be loaded."
          onRetry={() => void options.refetch()}
          error={options.error}
        />
      ) : (
        <ProspectForm options={options.data} />
      )}
    </Stack>
  );
}

function savedMessage(created: ProspectCreated, zip: string): string {
  if (created.locationSource === 'zip')
    return `Visit saved. This device gave no location, so it is placed at the centre of ZIP ${zip}.`;
  if (created.locationSource === null)
    return 'Visit saved. It is not on the map: the device gave no location and the ZIP code is unknown.';
  return 'Visit saved.';
}

function ProspectForm({ options }: { options: ProspectFormOptions }) {
  const navigate = useNavigate();
  const form = useForm(initialValues(), { resetOnSuccess: false });
  // The client checks the same rep rule as the server for this user (§6).
  const store = useMemo(() => prospectStoreFor(options), [options]);
  const [member, setMember] = useState<CustomerSearchResult | null>(null);
  const [location, retryLocation] = useDeviceLocation();
  const actionId = typeof form.data.prospect_action_id === 'number' ? form.data.prospect_action_id : null;
  const action = options.actionOptions.find((a) => a.id === actionId);
  const topographies = form.data.topographies ?? [];
  const otherChosen = topographies.includes(OTHER_TOPOGRAPHY_ID);
  const repProps = useFieldProps(form, 'rep_id', { label: 'Rep', required: true });
  const nameProps = useFieldProps(form, 'name', { label: 'Name' });
  const addressProps = useFieldProps(form, 'address.address', { label: 'Address', required: true });
  const cityProps = useFieldProps(form, 'address.city', { label: 'City', required: true });
  const stateProps = useFieldProps(form, 'address.state', { label: 'State', required: true });
  const zipProps = useFieldProps(form, 'address.zip', { label: 'Zip', required: true });
  const actionProps = useFieldProps(form, 'prospect_action_id', { label: 'Action', required: true });
  const actionTakenProps = useFieldProps(form, 'action_taken', { label: 'Action taken' });
  const commentsProps = useFieldProps(form, 'comments', { label: 'Comments', required: otherChosen });

  const topLevelId = action ? (action.parent_id ?? action.id) : null;
  const subActions = options.actionOptions.filter((a) => a.parent_id === PROSPECT_ACTION_WITH_DETAILS);

  // Messages of a section that is hidden, or no longer required, would keep the submit button disabled.
  const chooseAction = (id: number | null) => {
    form.setData('prospect_action_id', id);
    if (!takesSpeedTests(id)) form.clearErrors('speed_tests');
  };
  const chooseTopographies = (values: string[]) => {
    const ids = values.map(Number);
    form.setData('topographies', ids);
    if (!ids.includes(OTHER_TOPOGRAPHY_ID)) form.clearErrors('comments');
  };

  const submit = () => {
    const zip = form.data.address.zip;
    const device = location.status === 'found' ? { lat: location.lat, lng: location.lng } : null;
    form.transform((data) => ({ ...data, location: device }));
    void form.submit(
      store,
      {},
      {
        onSuccess: (created) => {
          notify.success(savedMessage(created, zip));
          void navigate(paths.prospects);
        },
      },
    );
  };

  return (
    <Form form={form} onSubmit={submit} noValidate>
      <Stack gap="md">
        <LocationNotice location={location} onRetry={retryLocation} />

        {options.canForceCreate && (
          <Select
            {...repProps}
            value={form.data.rep_id?.toString() ?? null}
            onChange={(value) => form.setData('rep_id', value)}
            data={options.repOptions.map((r) => ({ value: String(r.id), label: r.name }))}
            searchable
            placeholder="Choose the rep"
          />
        )}

        <CustomerSearchBox
          label="Existing member"
          value={member}
          onChange={(customer) => {
            setMember(customer);
            form.setData('customer_id', customer?.id ?? null);
          }}
          error={form.errors.customer_id}
        />

        <TextInput {...nameProps} autoComplete="off" />

        <Fieldset legend="Address">
          <Stack gap="sm">
            <TextInput {...addressProps} autoComplete="street-address" />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput {...cityProps} autoComplete="address-level2" />
              <Select
                {...stateProps}
                value={form.data.address.state}
                onChange={(value) => form.setData('address.state', value ?? '')}
                data={options.states.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }))}
                searchable
                allowDeselect={false}
              />
              <TextInput {...zipProps} inputMode="numeric" autoComplete="postal-code" maxLength={10} />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Checkbox
          label="New construction"
          checked={form.data.new_construction === 1}
          onChange={(e) => form.setData('new_construction', e.currentTarget.checked ? 1 : 0)}
          error={form.errors.new_construction}
        />

        <Select
          {...actionProps}
          value={topLevelId === null ? null : String(topLevelId)}
          onChange={(value) => chooseAction(value === null ? null : Number(value))}
          data={options.actionOptions
            .filter((a) => a.parent_id === null)
            .map((a) => ({ value: String(a.id), label: a.description }))}
          placeholder="Choose the action"
        />
        {showsAdditionalInfo(actionId) && (
          <Select
            label="Additional Info"
            value={action && action.parent_id !== null ? String(action.id) : null}
            onChange={(value) => chooseAction(value === null ? PROSPECT_ACTION_WITH_DETAILS : Number(value))}
            data={subActions.map((a) => ({ value: String(a.id), label: a.description }))}
            placeholder="Choose one"
            clearable
          />
        )}

        <TextInput {...actionTakenProps} />

        {takesSpeedTests(actionId) && <SpeedTests form={form} carriers={options.carriers} />}

        <Checkbox.Group
          label="Topography"
          value={topographies.map(String)}
          onChange={chooseTopographies}
          error={
            form.errors.topographies ?? Object.entries(form.errors).find(([k]) => k.startsWith('topographies.'))?.[1]
          }
        >
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt={6}>
            {options.topographyOptions.map((t) => (
              <Checkbox key={t.id} value={String(t.id)} label={t.name} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>

        <Checkbox
          label="Offered promotion"
          checked={form.data.offered_promotion === 1}
          onChange={(e) => form.setData('offered_promotion', e.currentTarget.checked ? 1 : 0)}
          error={form.errors.offered_promotion}
        />

        <Textarea
          {...commentsProps}
          placeholder={otherChosen ? 'Type of topography' : 'Comments'}
          autosize
          minRows={3}
        />

        <Group justify="flex-end">
          <SubmitButton fullWidth={false} />
        </Group>
      </Stack>
    </Form>
  );
}

function SpeedTests({
  form,
  carriers,
}: {
  form: FormState<ProspectFormInput>;
  carriers: ProspectFormOptions['carriers'];
}) {
  return (
    <Fieldset legend="Speed tests (mbps, 0 = no service)">
      <Stack gap="sm">
        {carriers.map((carrier) => (
          <div key={carrier.id} role="group" aria-label={`${carrier.name} speed tests`}>
            <Text size="sm" fw={600} mb={4}>
              {carrier.name}
            </Text>
            <SimpleGrid cols={3} spacing="xs">
              {Array.from({ length: SPEED_TEST_READINGS }, (_, i) => {
                const path = `speed_tests.${carrier.id}.${i}`;
                const error = form.errors[path];
                return (
                  <TextInput
                    key={i}
                    aria-label={`${carrier.name} test ${i + 1}`}
                    placeholder={`Test ${i + 1}`}
                    title={`${carrier.name} test ${i + 1} (Required)`}
                    inputMode="decimal"
                    value={String(form.data.speed_tests?.[carrier.id]?.[i] ?? '')}
                    onChange={(e) => form.setData(path, e.currentTarget.value)}
                    error={error}
                    wrapperProps={error ? { 'data-errored': true } : {}}
                  />
                );
              })}
            </SimpleGrid>
          </div>
        ))}
      </Stack>
    </Fieldset>
  );
}

function LocationNotice({ location, onRetry }: { location: DeviceLocation; onRetry: () => void }) {
  if (location.status === 'found')
    return (
      <Alert color="green" icon={<IconCurrentLocation size={18} />} data-testid="location-notice">
        Location captured (within {Math.round(location.accuracy)} m): the visit will be placed there on the map.
      </Alert>
    );
  if (location.status === 'locating')
    return (
      <Alert color="blue" icon={<IconCurrentLocation size={18} />} data-testid="location-notice">
        Finding this device’s location…
      </Alert>
    );
  return (
    <Alert color="yellow" icon={<IconMapPinOff size={18} />} data-testid="location-notice">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{location.reason} The visit will be placed at the centre of its ZIP code.</Text>
        <Button size="compact-sm" variant="light" color="yellow" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
