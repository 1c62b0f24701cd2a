import { useEffect, type ReactNode } from 'react';
import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { setPasswordEndpoints, STAFF_MESSAGES } from '../../../contract/staff';
import { HttpError } from '../../lib/http';
import { paths } from '../../paths';
import { Form, SubmitButton, useForm } from '../../ui';
import { useApiQuery } from '../../lib/data';
import { confirmNewPassword, NewPasswordInputs, type NewPasswordValues } from './NewPasswordInputs';

function Frame({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Back Office`;
  }, [title]);
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" w={420} maw="100%">
        <Stack>
          <Title order={1} size="h3">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

/** Where an invitation or reset link lands (public): choose a password, then sign in with it. */
export function SetPasswordPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const link = useApiQuery(setPasswordEndpoints.check, { query: { token } }, { enabled: !!token, retry: false });
  const form = useForm<NewPasswordValues & { token: string }>(
    { token, password: '', passwordConfirmation: '' },
    { resetOnSuccess: false },
  );

  // Once set, the link is used up: asked again (the set changes the staff it reads) it would answer an error.
  if (form.successful && link.data)
    return (
      <Frame title="Password set">
        <Alert color="green" icon={<IconCircleCheck />} role="status">
          Your password is set. Sign in with {link.data.email} and your new password.
        </Alert>
        <Button component="a" href={paths.login}>
          Sign in
        </Button>
      </Frame>
    );

  if (!token || link.error)
    return (
      <Frame title="Choose a password">
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {link.error instanceof HttpError ? link.error.firstError : STAFF_MESSAGES.linkInvalid}
        </Alert>
        <Button component="a" href={paths.login} variant="default">
          Go to sign-in
        </Button>
      </Frame>
    );
  if (!link.data)
    return (
      <Frame title="Choose a password">
        <Center>
          <Loader size="sm" aria-label="Checking the link" />
        </Center>
      </Frame>
    );
  return (
    <Frame title={link.data.purpose === 'invite' ? 'Welcome to the Back Office' : 'Choose a new password'}>
      <Text size="sm">
        {link.data.name}, choose the password you will sign in with as <b>{link.data.email}</b>.
      </Text>
      <Form form={form} onSubmit={() => confirmNewPassword(form) && form.submit(setPasswordEndpoints.set)}>
        {/* Lets a password manager store the new password with the right e-mail. */}
        <input type="email" name="username" autoComplete="username" value={link.data.email} readOnly hidden />
        <NewPasswordInputs form={form} label="Password" />
        <SubmitButton fullWidth>Set password</SubmitButton>
      </Form>
    </Frame>
  );
}
