import { useState } from 'react';
import { Alert, Card, Group, Text, TextInput, Title } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle, IconSend } from '@tabler/icons-react';
import { EMAILS_SENT_MESSAGE, settingsEndpoints, type SendLookupEmailTestBody } from '../../../contract/settings';
import { Form, SubmitButton, useFieldProps, useForm } from '../../ui';
import { useInvalidate } from '../../lib/data';

/** Sends the saved lookup e-mail to the given addresses, so staff can see it as a customer would. */
export function TestEmailSender({ defaultAddress }: { defaultAddress: string }) {
  const invalidate = useInvalidate();
  const form = useForm<SendLookupEmailTestBody>({ addresses: defaultAddress }, { resetOnSuccess: false });
  const [sentShown, setSentShown] = useState(false);
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h3" mb="sm">
        Send a test lookup e-mail
      </Title>
      <Alert color="blue" icon={<IconInfoCircle />} mb="md" role="note">
        Update the settings first: the test e-mail uses the saved settings, not unsaved changes.
      </Alert>
      <Form
        form={form}
        onSubmit={() => {
          setSentShown(false);
          void form
            .submit(
              settingsEndpoints.sendLookupEmailTest,
              {},
              {
                onSuccess: () => setSentShown(true),
                onError: (_errors, error) => console.error('Test e-mail failed', error),
              },
            )
            // Addresses before a failure may have gone out, so the outbox is reloaded either way.
            .then(() => invalidate(settingsEndpoints.sendLookupEmailTest));
        }}
      >
        <TextInput
          {...useFieldProps(form, 'addresses', { label: 'Email addresses', required: true })}
          description="Separate addresses with commas."
          onFocus={() => setSentShown(false)}
        />
        <Group gap="md">
          <SubmitButton rightSection={<IconSend size={16} aria-hidden />}>Send</SubmitButton>
          {sentShown && (
            <Text c="green.8" fw={500} role="status">
              <IconCircleCheck size={18} style={{ verticalAlign: 'text-bottom' }} aria-hidden /> {EMAILS_SENT_MESSAGE}
            </Text>
          )}
        </Group>
      </Form>
    </Card>
  );
}
