// A real SMTP server (npm smtp-server) on loopback that keeps what it receives in
// memory: the dev mail page shows it and tests read verification codes from it. SMS sent
// without a gateway land here too. Never started in production.
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';

export interface InboxMessage {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  received_at: string;
}

export class DevInbox {
  private messages: InboxMessage[] = [];
  private nextId = 1;
  private server: SMTPServer | null = null;
  port = 0;

  add(message: Omit<InboxMessage, 'id' | 'received_at'>) {
    this.messages.unshift({ ...message, id: this.nextId++, received_at: new Date().toISOString() });
    this.messages.length = Math.min(this.messages.length, 200);
  }

  list(to?: string): InboxMessage[] {
    return to ? this.messages.filter((m) => m.to === to.toLowerCase()) : [...this.messages];
  }

  /** Starts the SMTP listener on 127.0.0.1:`port` (0 = any free port). */
  async listen(port: number): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      banner: 'Olive dev inbox',
      size: 1024 * 1024,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          PostalMime.parse(Buffer.concat(chunks))
            .then((mail) => {
              for (const rcpt of session.envelope.rcptTo) {
                this.add({
                  channel: 'email',
                  to: rcpt.address.toLowerCase(),
                  subject: mail.subject ?? '',
                  text: mail.text ?? '',
                });
              }
              callback();
            })
            .catch((error: Error) => callback(error));
        });
      },
    });
    const listen = (p: number) =>
      new Promise<void>((resolve, reject) => {
        this.server!.server.once('error', reject);
        this.server!.listen(p, '127.0.0.1', () => resolve());
      });
    // The usual port may be taken by another checkout; any free port serves as well.
    await listen(port).catch(() => listen(0));
    const address = this.server.server.address();
    this.port = typeof address === 'object' && address ? address.port : port;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}
