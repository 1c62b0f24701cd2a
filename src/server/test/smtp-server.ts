import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/** A message the server accepted: its envelope and its text as sent. */
export interface Received {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtpOptions {
  /**
   * Asked before each recipient is accepted, with the envelope's sender: a rejection refuses the recipient (its
   * `responseCode`, e.g. 550, is what the client reads); a promise still pending keeps the client waiting.
   */
  beforeRecipient?: (to: string, from: string) => Promise<void>;
}

/** A real SMTP server on a free port of 127.0.0.1 that keeps every message it accepts, in order. */
export async function startTestSmtp({ beforeRecipient }: TestSmtpOptions = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, session, callback) {
      const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
      if (!beforeRecipient) return callback();
      beforeRecipient(address.address, from).then(
        () => callback(),
        (err: Error) => callback(err),
      );
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtp = Awaited<ReturnType<typeof startTestSmtp>>;
