import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback for the e-mail tests (issue 21 §5), and what it received. */
export interface SmtpCapture {
  server: SMTPServer;
  port: number;
  close(): Promise<void>;
}

/**
 * Listens on `port` (0: any free one) and pushes each message it receives, parsed by
 * mailparser, to `received`.
 */
export async function smtpCapture(received: ParsedMail[], port = 0): Promise<SmtpCapture> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // close() waits for open connections this long, then ends them (the default is 30 s)
    closeTimeout: 1000,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => received.push(mail))
        .then(() => done(), done);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    server,
    port: (server.server.address() as { port: number }).port,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}
