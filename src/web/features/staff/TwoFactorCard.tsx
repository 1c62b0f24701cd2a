import { useEffect, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconShieldLock } from '@tabler/icons-react';
import QRCode from 'qrcode';
import {
  mfaEndpoints,
  RECOVERY_CODE_COUNT,
  type MfaConfirmBody,
  type MfaPasswordBody,
  type MfaSetup,
} from '../../../contract/mfa';
import { ErrorState, Form, formatDateTime, LoadingState, notify, SubmitButton, useFieldProps, useForm } from '../../ui';
import { useApiMutation } from '../../lib/data';
import { useMfaStatus } from './api';

/** Shown at the top of the account page while REQUIRE_MFA_FOR_ADMINS keeps the rest of the back office closed. */
export function TwoFactorRequiredNotice() {
  const status = useMfaStatus();
  if (!status.data?.setupRequired) return null;
  return (
    <Alert color="orange" icon={<IconShieldLock />} title="Set up two-factor sign-in" role="status">
      Administrators must sign in with a code from an authenticator app. Until you set it up below, the rest of the back
      office stays closed to you.
    </Alert>
  );
}

/** The otpauth:// address as a QR code, drawn in the browser (an SVG data URL, which the CSP allows). */
function QrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(uri, { type: 'svg', margin: 1 }).then(
      (svg) => current && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => current && setSrc(null),
    );
    return () => {
      current = false;
    };
  }, [uri]);
  if (!src) return null;
  return <img src={src} width={184} height={184} alt="QR code to scan with your authenticator app" />;
}

function SetUp({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: MfaSetup;
  onEnabled(codes: string[]): void;
  onCancel(): void;
}) {
  const form = useForm<MfaConfirmBody>({ code: '' });
  // Groups of four, as apps that take the key by hand show it.
  const key = setup.secret.match(/.{1,4}/g)?.join(' ') ?? setup.secret;
  return (
    <Stack>
      <Text size="sm">
        Scan the QR code with your authenticator app (any app for time-based codes), or add the key by hand: time-based,
        6 digits, every 30 seconds.
      </Text>
      <Group align="flex-start" gap="lg">
        <QrCode uri={setup.uri} />
        <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
          <Text size="sm" fw={500}>
            Key
          </Text>
          <Code block data-testid="totp-secret" style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}>
            {key}
          </Code>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {setup.uri}
          </Text>
        </Stack>
      </Group>
      <Form
        form={form}
        onSubmit={() => form.submit(mfaEndpoints.confirm, {}, { onSuccess: (r) => onEnabled(r.recoveryCodes) })}
      >
        <TextInput
          {...useFieldProps(form, 'code', { label: 'Code from the app', required: true })}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={20}
        />
        <Group gap="sm">
          <SubmitButton>Turn on</SubmitButton>
          <Button variant="subtle" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Form>
    </Stack>
  );
}

/** The recovery codes, shown once: only their hashes are kept, so they cannot be shown again. */
function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone(): void }) {
  const text = [`Back Office recovery codes for ${email}`, 'Each code works once.', '', ...codes, ''].join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'back-office-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Alert color="blue" icon={<IconShieldLock />} title="Your recovery codes" role="status">
      <Stack gap="sm">
        <Text size="sm">
          Each code signs you in once without your phone. Keep them somewhere safe: they are shown only now.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4} data-testid="recovery-codes">
          {codes.map((code) => (
            <Code key={code} fz="md">
              {code}
            </Code>
          ))}
        </SimpleGrid>
        <Group gap="sm">
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                onClick={copy}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button variant="light" onClick={download} leftSection={<IconDownload size={16} />}>
            Download
          </Button>
          <Button variant="subtle" onClick={onDone}>
            I have saved them
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** Turning the factor off, or new recovery codes: the password first, so a borrowed session cannot. */
function PasswordStep({
  action,
  onCodes,
  onClose,
}: {
  action: 'disable' | 'renew';
  onCodes(codes: string[]): void;
  onClose(): void;
}) {
  const form = useForm<MfaPasswordBody>({ currentPassword: '' });
  const submit = () =>
    action === 'disable'
      ? form.submit(
          mfaEndpoints.disable,
          {},
          {
            onSuccess: () => {
              notify.success('Two-factor sign-in turned off. Your other sessions have been signed out.');
              onClose();
            },
          },
        )
      : form.submit(
          mfaEndpoints.recoveryCodes,
          {},
          {
            onSuccess: (r) => {
              onCodes(r.recoveryCodes);
              onClose();
            },
          },
        );
  return (
    <Form form={form} onSubmit={submit}>
      <PasswordInput
        {...useFieldProps(form, 'currentPassword', { label: 'Current password', required: true })}
        autoComplete="current-password"
      />
      <Group gap="sm">
        <SubmitButton color={action === 'disable' ? 'red' : undefined}>
          {action === 'disable' ? 'Turn off two-factor sign-in' : 'Make new recovery codes'}
        </SubmitButton>
        <Button variant="subtle" onClick={onClose}>
          Cancel
        </Button>
      </Group>
    </Form>
  );
}

/** The signed-in user's second factor (ADR 014): set it up, see it is on, renew its recovery codes, turn it off. */
export function TwoFactorCard({ email }: { email: string }) {
  const status = useMfaStatus();
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [asking, setAsking] = useState<'disable' | 'renew' | null>(null);
  const start = useApiMutation(mfaEndpoints.start, { onSuccess: (answer) => setSetup(answer) });

  const enabled = status.data?.enabled ?? false;
  let body;
  if (status.isPending) body = <LoadingState />;
  else if (status.error) body = <ErrorState error={status.error} onRetry={() => status.refetch()} />;
  else if (!enabled && setup)
    body = (
      <SetUp
        setup={setup}
        onEnabled={(recoveryCodes) => {
          setSetup(null);
          setCodes(recoveryCodes);
          notify.success('Two-factor sign-in is on.');
        }}
        onCancel={() => setSetup(null)}
      />
    );
  else if (!enabled)
    body = (
      <Stack align="flex-start">
        <Text size="sm">
          With two-factor sign-in, signing in also asks for a code from an authenticator app on your phone, so a
          password alone is not enough.
        </Text>
        <Button onClick={() => start.mutate({})} loading={start.isPending}>
          Set up two-factor sign-in
        </Button>
      </Stack>
    );
  else
    body = (
      <Stack align="flex-start">
        <Group gap="sm">
          <Badge color="green" variant="light">
            On
          </Badge>
          <Text size="sm">
            Since {formatDateTime(status.data.enabledAt)} · {status.data.recoveryCodesLeft} of {RECOVERY_CODE_COUNT}{' '}
            recovery codes left
          </Text>
        </Group>
        {asking ? (
          <PasswordStep action={asking} onCodes={setCodes} onClose={() => setAsking(null)} />
        ) : (
          <Group gap="sm">
            <Button variant="light" onClick={() => setAsking('renew')}>
              New recovery codes
            </Button>
            <Button variant="light" color="red" onClick={() => setAsking('disable')}>
              Turn off
            </Button>
          </Group>
        )}
      </Stack>
    );

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        Two-factor sign-in
      </Title>
      <Stack>
        {codes && <RecoveryCodes codes={codes} email={email} onDone={() => setCodes(null)} />}
        {body}
      </Stack>
    </Card>
  );
}
