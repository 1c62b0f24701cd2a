import { useState } from 'react';
import { Checkbox, Fieldset, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { SPEED_TEST_READINGS, PROSPECT_ACTION_WITH_DETAILS } from '../../../contract/business';
import {
  OTHER_TOPOGRAPHY_ID,
  showsAdditionalInfo,
  takesSpeedTests,
  type ProspectFormInput,
  type ProspectFormOptions,
} from '../../../contract/prospects';
import type { CustomerSearchResult } from '../../../contract/customers';
import { CustomerSearchBox } from '../customers';
import { useFieldProps, type FormState } from '../../ui';

type ProspectForm = FormState<ProspectFormInput>;

/** The customer the visit was with, when already a member; the form keeps the id, the box the whole match. */
export function MemberField({ form }: { form: ProspectForm }) {
  const [member, setMember] = useState<CustomerSearchResult | null>(null);
  return (
    <CustomerSearchBox
      label="Existing member"
      value={member}
      onChange={(customer) => {
        setMember(customer);
        form.setData('customer_id', customer?.id ?? null);
      }}
      error={form.errors.customer_id}
    />
  );
}

/** Street, city, state and ZIP of the visited address. */
export function AddressFields({ form, states }: { form: ProspectForm; states: ProspectFormOptions['states'] }) {
  const addressProps = useFieldProps(form, 'address.address', { label: 'Address', required: true });
  const cityProps = useFieldProps(form, 'address.city', { label: 'City', required: true });
  const stateProps = useFieldProps(form, 'address.state', { label: 'State', required: true });
  const zipProps = useFieldProps(form, 'address.zip', { label: 'Zip', required: true });
  return (
    <Fieldset legend="Address">
      <Stack gap="sm">
        <TextInput {...addressProps} autoComplete="street-address" />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput {...cityProps} autoComplete="address-level2" />
          <Select
            {...stateProps}
            value={form.data.address.state}
            onChange={(value) => form.setData('address.state', value ?? '')}
            data={states.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }))}
            searchable
            allowDeselect={false}
          />
          <TextInput {...zipProps} inputMode="numeric" autoComplete="postal-code" maxLength={10} />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

/** The action taken, and for the action with details the detail it had. */
export function ActionFields({
  form,
  actionOptions,
}: {
  form: ProspectForm;
  actionOptions: ProspectFormOptions['actionOptions'];
}) {
  const actionProps = useFieldProps(form, 'prospect_action_id', { label: 'Action', required: true });
  const actionId = typeof form.data.prospect_action_id === 'number' ? form.data.prospect_action_id : null;
  const action = actionOptions.find((a) => a.id === actionId);
  const topLevelId = action ? (action.parent_id ?? action.id) : null;
  const subActions = actionOptions.filter((a) => a.parent_id === PROSPECT_ACTION_WITH_DETAILS);

  // The speed tests' messages would keep the submit button disabled once their section is hidden.
  const chooseAction = (id: number | null) => {
    form.setData('prospect_action_id', id);
    if (!takesSpeedTests(id)) form.clearErrors('speed_tests');
  };

  return (
    <>
      <Select
        {...actionProps}
        value={topLevelId === null ? null : String(topLevelId)}
        onChange={(value) => chooseAction(value === null ? null : Number(value))}
        data={actionOptions
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
    </>
  );
}

/** The kinds of ground around the address; choosing Other makes the comments required. */
export function TopographyField({
  form,
  topographyOptions,
}: {
  form: ProspectForm;
  topographyOptions: ProspectFormOptions['topographyOptions'];
}) {
  const topographies = form.data.topographies ?? [];
  // The comments' message would keep the submit button disabled once they are no longer required.
  const chooseTopographies = (values: string[]) => {
    const ids = values.map(Number);
    form.setData('topographies', ids);
    if (!ids.includes(OTHER_TOPOGRAPHY_ID)) form.clearErrors('comments');
  };

  return (
    <Checkbox.Group
      label="Topography"
      value={topographies.map(String)}
      onChange={chooseTopographies}
      error={form.errors.topographies ?? Object.entries(form.errors).find(([k]) => k.startsWith('topographies.'))?.[1]}
    >
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt={6}>
        {topographyOptions.map((t) => (
          <Checkbox key={t.id} value={String(t.id)} label={t.name} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

export function SpeedTests({ form, carriers }: { form: ProspectForm; carriers: ProspectFormOptions['carriers'] }) {
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
