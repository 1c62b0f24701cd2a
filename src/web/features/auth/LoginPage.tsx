import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Center, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { MFA_MESSAGES } from '../../../contract/mfa';
import { HttpError } from '../../lib/http';
import { forgetSessionEndedNote, SESSION_ENDED, sessionEndedNoted } from '../../lib/session-ended';
import { signIn, signInWithCode } from './api';

/** The two steps' values and the sign-in calls: a password step that needs a code moves on to the code step. */
function useSignInSteps() {
  // A classic form post that passed the password step lands here with ?step=code.
  const [params] = useSearchParams();
  const [step, setStep] = useState<'password' | 'code'>(params.get('step') === 'code' ? 'code' : 'password');
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
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
      if (step === 'code') await signInWithCode({ code });
      else if ((await signIn({ email, password })) === 'code') {
        setBusy(false);
        setFieldErrors({});
        setPassword('');
        setStep('code');
        return;
      }
      // A full load gives the signed-in app a clean cache and this session's page token.
      window.location.assign('/admin');
    } catch (err) {
      setBusy(false);
      if (err instanceof HttpError) {
        // The password step is older than 5 minutes, or void: it has to be passed again.
        if (err.message === MFA_MESSAGES.signInExpired) startOver();
        setFieldErrors(err.fieldErrors);
        setError(err.firstError);
      } else setError('Sign-in failed. Please try again.');
    }
  }

  function startOver() {
    setStep('password');
    setCode('');
    setRecovery(false);
    setError(null);
    setFieldErrors({});
  }

  return {
    step,
    code,
    setCode,
    recovery,
    setRecovery,
    email,
    setEmail,
    password,
    setPassword,
    error,
    fieldErrors,
    busy,
    submit,
    startOver,
  };
}

/** Whether the app brought the user here because their session ended: said on this visit of the page only. */
function useSessionEnded(): boolean {
  const [ended] = useState(sessionEndedNoted);
  useEffect(forgetSessionEndedNote, []);
  return ended;
}

/** E-mail and password, then, when the account has two-factor sign-in on, a code (ADR 014). */
export function LoginPage() {
  const steps = useSignInSteps();
  const { error, busy } = steps;
  const codeError = steps.fieldErrors.code?.[0];
  const sessionEnded = useSessionEnded();

  return (
    // The page behind the form follows the colour scheme, as the form on it does.
    <Center mih="100vh" p="md" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <Paper component="form" onSubmit={steps.submit} withBorder shadow="sm" p="xl" w={380} maw="100%" noValidate>
        <Stack>
          <Title order={1} size="h3">
            Back Office sign-in
          </Title>
          {error ? (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {error}
            </Alert>
          ) : (
            sessionEnded && (
              <Alert color="blue" icon={<IconInfoCircle />} role="status">
                {SESSION_ENDED}
              </Alert>
            )
          )}
          {/* Keyed, so each step mounts its own fields: no input or button of one step is reused by the other. */}
          {steps.step === 'code' ? (
            <CodeStep
              key="code"
              recovery={steps.recovery}
              onRecoveryChange={steps.setRecovery}
              code={steps.code}
              onCodeChange={steps.setCode}
              error={codeError && codeError !== error ? codeError : undefined}
              busy={busy}
              onStartOver={steps.startOver}
            />
          ) : (
            <PasswordStep
              key="password"
              email={steps.email}
              onEmailChange={steps.setEmail}
              password={steps.password}
              onPasswordChange={steps.setPassword}
              fieldErrors={steps.fieldErrors}
              error={error}
              busy={busy}
            />
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

interface CodeStepProps {
  recovery: boolean;
  onRecoveryChange(recovery: boolean): void;
  code: string;
  onCodeChange(code: string): void;
  /** The code's own error, when it says more than the alert above. */
  error?: string;
  busy: boolean;
  onStartOver(): void;
}

/** The second step: a code from the authenticator app, or a recovery code. */
function CodeStep({ recovery, onRecoveryChange, code, onCodeChange, error, busy, onStartOver }: CodeStepProps) {
  return (
    <>
      <Text size="sm">
        {recovery
          ? 'Enter one of your recovery codes. Each works once.'
          : 'Enter the 6-digit code your authenticator app shows for Back Office.'}
      </Text>
      <TextInput
        label="Authentication code"
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={20}
        required
        withAsterisk={false}
        autoFocus
        value={code}
        error={error}
        onChange={(e) => onCodeChange(e.currentTarget.value)}
      />
      <Button type="submit" loading={busy}>
        Verify
      </Button>
      <Group justify="space-between" gap="xs">
        <Anchor component="button" type="button" size="sm" onClick={() => onRecoveryChange(!recovery)}>
          {recovery ? 'Use a code from the app' : 'Use a recovery code'}
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={onStartOver}>
          Start over
        </Anchor>
      </Group>
    </>
  );
}

interface PasswordStepProps {
  email: string;
  onEmailChange(email: string): void;
  password: string;
  onPasswordChange(password: string): void;
  fieldErrors: Record<string, string[]>;
  /** The alert's text: a field's error that only repeats it is not shown twice. */
  error: string | null;
  busy: boolean;
}

function PasswordStep(props: PasswordStepProps) {
  const { email, onEmailChange, password, onPasswordChange, fieldErrors, error, busy } = props;
  return (
    <>
      <TextInput
        label="Email"
        type="email"
        autoComplete="username"
        required
        withAsterisk={false}
        autoFocus
        value={email}
        error={fieldErrors.email?.[0] && fieldErrors.email[0] !== error ? fieldErrors.email[0] : undefined}
        onChange={(e) => onEmailChange(e.currentTarget.value)}
      />
      <TextInput
        label="Password"
        type="password"
        withAsterisk={false}
        autoComplete="current-password"
        required
        value={password}
        error={fieldErrors.password?.[0]}
        onChange={(e) => onPasswordChange(e.currentTarget.value)}
      />
      <Button type="submit" loading={busy}>
        Sign in
      </Button>
    </>
  );
}
