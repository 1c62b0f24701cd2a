import { Card, Code, Group, List, SimpleGrid, Text, TextInput, Textarea } from '@mantine/core';
import type { BodyIn } from '../../../contract/endpoint';
import {
  LOOKUP_EMAIL_PLACEHOLDERS,
  SETTINGS_SAVED_MESSAGE,
  settingsEndpoints,
  type LookupEmailSettingsAnswer,
} from '../../../contract/settings';
import { Form, SubmitButton, formatDateTime, useFieldProps, useForm } from '../../ui';
import { useUndoToast } from '../audit';
import { useShowSavedLookupEmail } from './api';

export function LookupEmailSettingsForm({ saved }: { saved: LookupEmailSettingsAnswer }) {
  const showSaved = useShowSavedLookupEmail();
  const undoable = useUndoToast();
  const form = useForm<BodyIn<typeof settingsEndpoints.saveLookupEmail>>(
    {
      subject: saved.subject,
      senderName: saved.senderName,
      senderEmail: saved.senderEmail,
      body: saved.body,
      version: saved.updatedAt,
    },
    { resetOnSuccess: false },
  );
  return (
    <Card withBorder padding="lg">
      <Text size="sm" c="dimmed" mb="md">
        {saved.updatedAt
          ? `Last saved ${formatDateTime(saved.updatedAt)} by ${saved.updatedBy ?? 'a former user'}.`
          : 'Not saved yet: these are the defaults.'}
      </Text>
      <Form
        form={form}
        onSubmit={() =>
          form.submit(
            settingsEndpoints.saveLookupEmail,
            {},
            {
              onSuccess: (answer) => {
                showSaved(answer);
                undoable(SETTINGS_SAVED_MESSAGE, { entityType: 'settings.lookup_email', entityId: 1 });
              },
            },
          )
        }
      >
        <TextInput {...useFieldProps(form, 'subject', { label: 'Subject', required: true })} maxLength={200} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...useFieldProps(form, 'senderName', { label: 'Sender name', required: true })} maxLength={100} />
          <TextInput
            {...useFieldProps(form, 'senderEmail', { label: 'Sender email', required: true })}
            type="email"
            maxLength={254}
          />
        </SimpleGrid>
        <Textarea
          {...useFieldProps(form, 'body', { label: 'Body', required: true })}
          autosize
          minRows={6}
          maxRows={20}
        />
        <div>
          <Text size="sm" fw={500}>
            Placeholders
          </Text>
          <List size="sm" c="dimmed">
            {Object.entries(LOOKUP_EMAIL_PLACEHOLDERS).map(([token, meaning]) => (
              <List.Item key={token}>
                <Code>{token}</Code> {meaning}
              </List.Item>
            ))}
          </List>
        </div>
        <Group>
          <SubmitButton>Save settings</SubmitButton>
        </Group>
      </Form>
    </Card>
  );
}
