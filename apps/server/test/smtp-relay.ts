import type { AddressInfo, Socket } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * The stages of an SMTP transaction a test relay can misbehave at. `DATA` is the answer after
 * the message's final dot (RFC 5321 4.1.1.4), where a relay accepts or refuses the mail itself.
 */
export type RelayStage = 'MAIL FROM' | 'RCPT TO' | 'DATA';

/** How the relay answers a stage, for every transaction until changed. */
export type RelayFault =
  /** An SMTP error reply, such as 421, 450, 550 or 553 with its text. */
  | { stage: RelayStage; reply: number; text: string }
  /** Answers normally, but only after `ms` of silence. */
  | { stage: RelayStage; stallMs: number }
  /** Closes the TCP connection without answering. */
  | { stage: RelayStage; drop: true };

export interface Relay {
  port: number;
  url: string;
  /** Mails the relay accepted (answered 250 after the data), in order. */
  received: ParsedMail[];
  /** Envelope recipients of every accepted mail. */
  acceptedFor: string[];
  fault: RelayFault | null;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (`smtp-server`) that keeps what it accepts and misbehaves as
 * told: error replies, stalls and dropped connections, at MAIL FROM, RCPT TO or the data's end.
 */
export async function startRelay(
  options: { login?: { user: string; pass: string } } = {},
): Promise<Relay> {
  const sockets = new Set<Socket>();
  const relay: Relay = {
    port: 0,
    url: '',
    received: [],
    acceptedFor: [],
    fault: null,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  /** Answers `stage` as the current fault says; `answer` is the normal reply. */
  const answer = (stage: RelayStage, done: (err?: Error | null) => void, accept: () => void) => {
    const fault = relay.fault?.stage === stage ? relay.fault : null;
    if (fault === null) {
      accept();
      done();
    } else if ('reply' in fault) {
      done(Object.assign(new Error(fault.text), { responseCode: fault.reply }));
    } else if ('drop' in fault) {
      for (const socket of sockets) socket.destroy();
    } else {
      setTimeout(() => {
        accept();
        done();
      }, fault.stallMs);
    }
  };
  const server: SMTPServer = new SMTPServer({
    authOptional: options.login === undefined,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, done) {
      const { login } = options;
      if (login && auth.username === login.user && auth.password === login.pass)
        done(null, { user: auth.username });
      else
        done(
          Object.assign(new Error('5.7.8 Authentication credentials invalid'), {
            responseCode: 535,
          }),
        );
    },
    onMailFrom: (_address, _session, done) => answer('MAIL FROM', done, () => undefined),
    onRcptTo: (_address, _session, done) => answer('RCPT TO', done, () => undefined),
    onData(stream, session, done) {
      simpleParser(stream)
        .then((mail) =>
          answer('DATA', done, () => {
            relay.received.push(mail);
            relay.acceptedFor.push(...session.envelope.rcptTo.map((r) => r.address));
          }),
        )
        .catch(done);
    },
  });
  server.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  relay.port = (server.server.address() as AddressInfo).port;
  relay.url = `smtp://127.0.0.1:${relay.port}`;
  return relay;
}
