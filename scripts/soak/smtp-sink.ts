/**
 * A slow SMTP sink on node:net: accepts every message after a delay (1–3 s by default, like a
 * real relay under load) and records it. The delay is the point: a sender that marks a mail sent
 * only after the server's answer leaves a window in which a second sender (another process, a
 * retry after a kill) may pick the same mail; the sink makes that window wide and counts what
 * comes through it.
 *
 * Speaks what nodemailer needs: EHLO/HELO, MAIL FROM, RCPT TO, DATA … ".", RSET, NOOP, QUIT. No
 * STARTTLS or AUTH is offered, so a plain smtp:// URL sends in the clear without asking.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { parseMessage } from './mime';

export interface SinkMessage {
  /** Arrival order, from 1. */
  seq: number;
  /** When the terminating "." arrived (ms since epoch). */
  receivedAt: number;
  /** When the 250 went out; undefined if the client was gone by then (not accepted). */
  acceptedAt?: number;
  mailFrom: string;
  rcptTo: string[];
  messageId?: string;
  /** X-Oelkompass-Outbox-Id, when the server sets it. */
  outboxId?: string;
  subject: string;
  text: string;
  /** The sender's connection (remote port): tells two sends of one mail apart. */
  connection: string;
}

export interface SinkOptions {
  /** Delay before each message is accepted, uniformly within [min, max] ms. */
  delayMs: { min: number; max: number };
  host?: string;
}

export class SmtpSink {
  readonly messages: SinkMessage[] = [];
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private seq = 0;
  /** Messages between "." and their 250 (the settle waits for these). */
  private inFlight = 0;
  port = 0;

  constructor(private readonly options: SinkOptions) {}

  get pending(): number {
    return this.inFlight;
  }

  /** Accepted messages only: one the client did not wait for was not delivered. */
  accepted(): SinkMessage[] {
    return this.messages.filter((m) => m.acceptedAt !== undefined);
  }

  async start(): Promise<number> {
    const server = createServer((socket) => this.session(socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, this.options.host ?? '127.0.0.1', () => resolve());
    });
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    return this.port;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private delay(): number {
    const { min, max } = this.options.delayMs;
    return min + Math.random() * Math.max(0, max - min);
  }

  private session(socket: Socket): void {
    this.sockets.add(socket);
    const connection = `${socket.remotePort ?? 0}`;
    let buffer = Buffer.alloc(0);
    let inData = false;
    let dataLines: Buffer[] = [];
    let mailFrom = '';
    let rcptTo: string[] = [];
    let closed = false;
    // Lines wait while a message is being "relayed": the client gets no answer to anything it
    // pipelined until the 250 of the message went out, as with a real server.
    const queue: Buffer[] = [];
    let busy = false;

    const write = (line: string) => {
      if (!closed && !socket.destroyed) socket.write(`${line}\r\n`);
    };
    const reset = () => {
      mailFrom = '';
      rcptTo = [];
      dataLines = [];
    };

    const finishMessage = async () => {
      const raw = Buffer.concat(dataLines.flatMap((l) => [l, Buffer.from('\r\n')]));
      const parsed = parseMessage(raw);
      const message: SinkMessage = {
        seq: ++this.seq,
        receivedAt: Date.now(),
        mailFrom,
        rcptTo,
        messageId: parsed.headers.get('message-id')?.[0]?.trim(),
        outboxId: parsed.headers.get('x-oelkompass-outbox-id')?.[0]?.trim(),
        subject: parsed.subject,
        text: parsed.text,
        connection,
      };
      this.messages.push(message);
      this.inFlight += 1;
      await new Promise((resolve) => setTimeout(resolve, this.delay()));
      this.inFlight -= 1;
      if (closed || socket.destroyed) return;
      message.acceptedAt = Date.now();
      write(`250 2.0.0 Ok: queued as ${message.seq}`);
      reset();
    };

    const handle = async (line: Buffer) => {
      if (inData) {
        const text = line.toString('latin1');
        if (text === '.') {
          inData = false;
          await finishMessage();
          return;
        }
        // Dot-stuffing (RFC 5321 §4.5.2): a leading dot was doubled by the client.
        dataLines.push(text.startsWith('.') ? line.subarray(1) : line);
        return;
      }
      const text = line.toString('utf8');
      const verb = text.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') {
        write('250-soak-sink');
        write('250-8BITMIME');
        write('250-SMTPUTF8');
        write('250 SIZE 52428800');
      } else if (verb === 'HELO') {
        write('250 soak-sink');
      } else if (verb === 'MAIL') {
        reset();
        mailFrom = /<([^>]*)>/.exec(text)?.[1] ?? '';
        write('250 2.1.0 Ok');
      } else if (verb === 'RCPT') {
        rcptTo.push((/<([^>]*)>/.exec(text)?.[1] ?? '').toLowerCase());
        write('250 2.1.5 Ok');
      } else if (verb === 'DATA') {
        if (rcptTo.length === 0) {
          write('503 5.5.1 Error: need RCPT command');
        } else {
          inData = true;
          dataLines = [];
          write('354 End data with <CR><LF>.<CR><LF>');
        }
      } else if (verb === 'RSET') {
        reset();
        write('250 2.0.0 Ok');
      } else if (verb === 'NOOP') {
        write('250 2.0.0 Ok');
      } else if (verb === 'QUIT') {
        write('221 2.0.0 Bye');
        socket.end();
      } else {
        write('502 5.5.2 Error: command not recognized');
      }
    };

    const drain = async () => {
      if (busy) return;
      busy = true;
      try {
        for (let line = queue.shift(); line !== undefined; line = queue.shift()) {
          await handle(line);
        }
      } finally {
        busy = false;
      }
    };

    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        queue.push(buffer.subarray(0, end));
        buffer = buffer.subarray(end + 2);
      }
      void drain();
    });
    socket.on('error', () => {
      // A sender killed mid-session (the soak kills a server): nothing to answer any more.
    });
    socket.on('close', () => {
      closed = true;
      this.sockets.delete(socket);
    });
    write('220 soak-sink ESMTP');
  }
}
