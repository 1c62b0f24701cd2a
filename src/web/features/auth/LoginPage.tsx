import { useState, type FormEvent } from 'react';
import { Alert, Button, Center, Paper, Stack, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { HttpError } from '../../lib/http';
import { signIn } from './api';

export function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signIn({ email, password });
      // A full load gives the signed-in app a clean cache and this session's page token.
      window.location.assign('/admin');
    } catch (err) {
      setBusy(false);
      if (err instanceof HttpError) {
        setFieldErrors(err.fieldErrors);
        setError(err.firstError);
      } else setError('Sign-in failed. Please try again.');
    }
  }

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper component="form" onSubmit={submit} withBorder shadow="sm" p="xl" w={380} maw="100%" noValidate>
        <Stack>
          <Title order={1} size="h3">
            Back Office sign-in
          </Title>
          {error && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            withAsterisk={false}
            autoFocus
            value={email}
            error={fieldErrors.email?.[0] && fieldErrors.email[0] !== error ? fieldErrors.email[0] : undefined}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <TextInput
            label="Password"
            type="password"
            withAsterisk={false}
            autoComplete="current-password"
            required
            value={password}
            error={fieldErrors.password?.[0]}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" loading={busy}>
            Sign in
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
