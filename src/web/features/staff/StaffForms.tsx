import { Group, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { ROLE_IDS, ROLES, type RoleId } from '../../../contract/access';
import {
  staffEndpoints,
  type InviteBody,
  type PasswordLink,
  type StaffRow,
  type StaffUpdateBody,
} from '../../../contract/staff';
import { Form, SubmitButton, useFieldProps, useForm, type FormState } from '../../ui';

const roleOptions = ROLE_IDS.map((role) => ({ value: role, label: ROLES[role].label }));

type AccessFields = { role: RoleId; isRep: boolean; canForceCreate: boolean };

/** Role (with what it grants) and the two flags, shared by the invitation and the edit form. */
function AccessInputs<T extends AccessFields>({ form }: { form: FormState<T> }) {
  const role = useFieldProps(form, 'role', { label: 'Role', required: true });
  return (
    <>
      <Select
        {...role}
        data={roleOptions}
        allowDeselect={false}
        description={ROLES[form.data.role].summary}
        onChange={(value) => value && form.setData('role', value)}
      />
      <Switch {...useFieldProps(form, 'isRep', { label: 'Field rep (logs prospect visits)' })} />
      <Switch {...useFieldProps(form, 'canForceCreate', { label: 'May log visits on behalf of another rep' })} />
    </>
  );
}

type InviteValues = Required<InviteBody>;
const blankInvite: InviteValues = { email: '', name: '', role: 'field-rep', isRep: true, canForceCreate: false };

export function InviteForm({ onInvited }: { onInvited(user: StaffRow, link: PasswordLink): void }) {
  const form = useForm<InviteValues>(blankInvite);
  return (
    <Form
      form={form}
      onSubmit={() => form.submit(staffEndpoints.invite, {}, { onSuccess: ({ user, link }) => onInvited(user, link) })}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          {...useFieldProps(form, 'email', { label: 'Email', required: true })}
          type="email"
          maxLength={254}
          data-autofocus
        />
        <TextInput {...useFieldProps(form, 'name', { label: 'Name', required: true })} maxLength={120} />
      </SimpleGrid>
      <AccessInputs form={form} />
      <Group>
        <SubmitButton>Send invitation</SubmitButton>
      </Group>
    </Form>
  );
}

type EditValues = Required<StaffUpdateBody>;

export function EditStaffForm({ user, onSaved }: { user: StaffRow; onSaved(): void }) {
  const form = useForm<EditValues>(
    { name: user.name, role: user.role, isRep: user.isRep, canForceCreate: user.canForceCreate },
    { resetOnSuccess: false },
  );
  return (
    <Form
      form={form}
      onSubmit={() => form.submit(staffEndpoints.update, { params: { id: user.id } }, { onSuccess: onSaved })}
    >
      <TextInput {...useFieldProps(form, 'name', { label: 'Name', required: true })} maxLength={120} />
      <AccessInputs form={form} />
      <Group>
        <SubmitButton>Save</SubmitButton>
      </Group>
    </Form>
  );
}
