import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Checkbox, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconCurrentLocation, IconMapPinOff } from '@tabler/icons-react';
import { CARRIERS, DEFAULT_STATE, SPEED_TEST_READINGS } from '../../../contract/business';
import {
  OTHER_TOPOGRAPHY_ID,
  prospectStoreFor,
  takesSpeedTests,
  type ProspectFormInput,
  type ProspectFormOptions,
} from '../../../contract/prospects';
import { paths } from '../../paths';
import { ErrorState, Form, LoadingState, PageHeader, SubmitButton, useFieldProps, useForm } from '../../ui';
import { useProspectFormOptions } from './api';
import { useDeviceLocation, type DeviceLocation } from './useDeviceLocation';
import type { WaitingVisit } from './outbox/outbox';
import { WaitingVisits } from './outbox/WaitingVisits';
import { useVisitSubmit } from './useVisitSubmit';
import { CoverageNearby } from './CoverageNearby';
import { ActionFields, AddressFields, MemberField, SpeedTests, TopographyField } from './ProspectFormSections';

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

function ProspectForm({ options }: { options: ProspectFormOptions }) {
  const navigate = useNavigate();
  const form = useForm(initialValues(), { resetOnSuccess: false });
  // The client checks the same rep rule as the server for this user (§6).
  const store = useMemo(() => prospectStoreFor(options), [options]);
  const [location, retryLocation, locateNow] = useDeviceLocation();
  const actionId = typeof form.data.prospect_action_id === 'number' ? form.data.prospect_action_id : null;
  const otherChosen = (form.data.topographies ?? []).includes(OTHER_TOPOGRAPHY_ID);
  const repProps = useFieldProps(form, 'rep_id', { label: 'Rep', required: true });
  const nameProps = useFieldProps(form, 'name', { label: 'Name' });
  const actionTakenProps = useFieldProps(form, 'action_taken', { label: 'Action taken' });
  const commentsProps = useFieldProps(form, 'comments', { label: 'Comments', required: otherChosen });

  const visit = useVisitSubmit(form, store, locateNow, () => void navigate(paths.prospects));

  return (
    <Form form={form} onSubmit={() => void visit.submit()} noValidate>
      <Stack gap="md">
        <WaitingVisits
          visits={visit.waiting}
          openKey={visit.opened?.key ?? null}
          onOpen={visit.open}
          onDiscard={(v) => void visit.discard(v)}
        />

        {visit.opened ? (
          <OpenedNotice visit={visit.opened} onClose={visit.startOver} />
        ) : (
          <LocationNotice location={location} onRetry={retryLocation} />
        )}

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

        <MemberField form={form} />

        <TextInput {...nameProps} autoComplete="off" />

        <AddressFields form={form} states={options.states} />

        <Checkbox
          label="New construction"
          checked={form.data.new_construction === 1}
          onChange={(e) => form.setData('new_construction', e.currentTarget.checked ? 1 : 0)}
          error={form.errors.new_construction}
        />

        <ActionFields form={form} actionOptions={options.actionOptions} />

        <TextInput {...actionTakenProps} />

        <CoverageNearby
          position={location.status === 'found' ? { lat: location.lat, lng: location.lng } : null}
          zip={form.data.address.zip}
        />

        {takesSpeedTests(actionId) && <SpeedTests form={form} carriers={options.carriers} />}

        <TopographyField form={form} topographyOptions={options.topographyOptions} />

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

/** A waiting visit open in the form: it keeps the place it was saved at; why the server refused it, if it did. */
function OpenedNotice({ visit, onClose }: { visit: WaitingVisit; onClose: () => void }) {
  const fieldless = visit.refusal && !Object.keys(visit.refusal.fieldErrors).length;
  return (
    <Alert color={visit.refusal ? 'red' : 'blue'} data-testid="opened-visit">
      <Stack gap={6}>
        <Text size="sm">
          Editing a visit waiting to send. It keeps the place it was saved at
          {visit.input.location ? '' : ' (none: the centre of its ZIP code)'}.
          {fieldless && ` The server refused it: ${visit.refusal!.message}`}
        </Text>
        <Group>
          <Button size="compact-sm" variant="light" onClick={onClose}>
            Log a new visit instead
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
