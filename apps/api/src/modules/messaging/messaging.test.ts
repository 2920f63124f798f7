import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { outbox } from '@freight/db';
import { createTestDatabase, type TestDatabase } from '@freight/db/testing';
import { JobQueue } from '../jobs/job-queue';
import { OUTBOX_QUEUE, Outbox, type Transports } from './outbox.service';
import { RecordingTransport } from './recording.transport';
import { SmsRuTransport } from './sms-ru.transport';
import { SmtpTransport } from './smtp.transport';
import { TransportError, type MessageTransport, type OutgoingMessage } from './transport';

const message = (over: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  id: 1,
  channel: 'sms',
  to: '+79161234567',
  subject: null,
  body: 'Код для входа в «Магистраль»: 123456',
  kind: 'code:sign_in',
  ...over,
});

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
    req.on('end', () => resolve(data));
  });
}

describe('SMS.ru adapter against a local fake of its HTTP API', () => {
  let server: Server;
  let baseUrl: string;
  const received: URLSearchParams[] = [];
  let mode: 'ok' | 'bad-number' | 'http-500' = 'ok';

  beforeAll(async () => {
    server = createServer((req, res) => {
      void readBody(req).then((body) => {
        if (req.method !== 'POST' || req.url !== '/sms/send') {
          res.writeHead(404).end();
          return;
        }
        const form = new URLSearchParams(body);
        received.push(form);
        res.setHeader('content-type', 'application/json');
        if (mode === 'http-500') {
          res.writeHead(500).end('{}');
        } else if (mode === 'bad-number') {
          res.end(
            JSON.stringify({
              status: 'OK',
              status_code: 100,
              sms: {
                [form.get('to')!]: { status: 'ERROR', status_code: 202, status_text: 'Неправильно указан номер' },
              },
            }),
          );
        } else if (form.get('api_id') !== 'secret-id') {
          res.end(JSON.stringify({ status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' }));
        } else {
          res.end(
            JSON.stringify({
              status: 'OK',
              status_code: 100,
              sms: { [form.get('to')!]: { status: 'OK', status_code: 100, sms_id: '000000-10000000' } },
              balance: 4122.56,
            }),
          );
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts api_id, the number without +, the text and json=1; returns the sms_id', async () => {
    mode = 'ok';
    const transport = new SmsRuTransport({ apiId: 'secret-id', baseUrl, from: 'Magistral' });
    const result = await transport.send(message());
    expect(result.providerMessageId).toBe('000000-10000000');
    const form = received.at(-1)!;
    expect(Object.fromEntries(form)).toEqual({
      api_id: 'secret-id',
      to: '79161234567',
      msg: 'Код для входа в «Магистраль»: 123456',
      json: '1',
      from: 'Magistral',
    });
  });

  it.each([
    ['a refused number is permanent', 'bad-number', 'secret-id', true],
    ['a wrong api_id is retried (configuration may be fixed)', 'ok', 'wrong', false],
    ['HTTP 500 is retried', 'http-500', 'secret-id', false],
  ] as const)('%s', async (_label, serverMode, apiId, permanent) => {
    mode = serverMode;
    const transport = new SmsRuTransport({ apiId, baseUrl });
    const error = await transport.send(message()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).permanent).toBe(permanent);
  });

  it('an unreachable server is a transient failure', async () => {
    const transport = new SmsRuTransport({ apiId: 'secret-id', baseUrl: 'http://127.0.0.1:9', timeoutMs: 2_000 });
    const error = await transport.send(message()).catch((e: unknown) => e);
    expect((error as TransportError).permanent).toBe(false);
  });
});

describe('SMTP adapter against a real SMTP server on loopback', () => {
  let server: SMTPServer;
  let port: number;
  const mails: Array<{ from: string; to: string[]; data: string }> = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('nobody@')) {
          const error = new Error('No such user') as Error & { responseCode: number };
          error.responseCode = 550;
          callback(error);
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers a Russian mail with subject and body', async () => {
    const transport = new SmtpTransport(`smtp://127.0.0.1:${port}`, '«Магистраль» <no-reply@magistral.example>');
    const result = await transport.send(
      message({
        channel: 'email',
        to: 'client@example.ru',
        subject: 'Подтвердите адрес электронной почты',
        body: 'Код: 654321',
      }),
    );
    transport.close();
    expect(result.providerMessageId).toMatch(/@/);
    const mail = mails.at(-1)!;
    expect(mail.from).toBe('no-reply@magistral.example');
    expect(mail.to).toEqual(['client@example.ru']);
    expect(mail.data).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(mail.data).toContain('Content-Type: text/plain; charset=utf-8');
  });

  it('a mailbox the server refuses (5xx) is a permanent failure', async () => {
    const transport = new SmtpTransport(`smtp://127.0.0.1:${port}`, 'no-reply@magistral.example');
    const error = await transport
      .send(message({ channel: 'email', to: 'nobody@example.ru', subject: 'x' }))
      .catch((e: unknown) => e);
    transport.close();
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).permanent).toBe(true);
  });
});

/** A transport that fails the first `failures` sends, then delivers; counts every call. */
class FlakyTransport implements MessageTransport {
  readonly name = 'flaky';
  calls: number[] = [];
  constructor(
    private failures: number,
    private readonly permanent = false,
  ) {}
  send(m: OutgoingMessage) {
    this.calls.push(m.id);
    if (this.failures > 0) {
      this.failures -= 1;
      return Promise.reject(new TransportError('provider down', this.permanent));
    }
    return new Promise<{ providerMessageId: string }>((resolve) =>
      setTimeout(() => resolve({ providerMessageId: `p-${m.id}` }), 5),
    );
  }
}

describe('outbox and sender (jobs of the pg-boss queue)', () => {
  let database: TestDatabase;
  const clock = () => new Date();
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const q of queues) await q.stop();
    await database.close();
  });

  /** An outbox on its own queue handle (one per "instance"), without polling workers. */
  const make = async (sms: MessageTransport) => {
    const jobs = new JobQueue({ database, poll: false });
    queues.push(jobs);
    const transports: Transports = {
      sms,
      email: new RecordingTransport(),
      telegram: new RecordingTransport(),
      recorder: null,
    };
    const box = new Outbox(database.db, transports, clock, jobs);
    await jobs.start();
    return box;
  };
  const row = async (id: number) => (await database.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;
  /** The message's job: its state and how long until pg-boss lets it run again (seconds). */
  const job = async (id: number) => {
    const { rows } = await database.executeSql(
      `select state, retry_count, extract(epoch from (start_after - now()))::float as wait
         from pgboss.job where name = $1 and (data->>'id')::int = $2`,
      [OUTBOX_QUEUE, id],
    );
    return rows[0] as { state: string; retry_count: number; wait: number };
  };

  it('retries a transient failure with growing pauses, then delivers and forgets the code', async () => {
    const flaky = new FlakyTransport(2);
    const box = await make(flaky);
    const id = await box.enqueue({
      channel: 'sms',
      to: '+79160000001',
      body: 'Код: 111222',
      bodyRedacted: 'Код: ••••••',
      kind: 'code:sign_in',
    });

    await box.flush();
    let r = await row(id);
    expect(r).toMatchObject({ status: 'pending', attempts: 1, lastError: 'provider down' });
    let j = await job(id);
    expect(j).toMatchObject({ state: 'retry', retry_count: 0 }); // counted when taken again
    // pg-boss back-off: 5 s doubled per retry, with up to 100 % jitter: the first pause is 5–10 s.
    expect(j.wait).toBeGreaterThan(4);
    expect(j.wait).toBeLessThanOrEqual(10);

    await box.flush(); // not due yet
    expect(flaky.calls).toHaveLength(1);

    await box.flush({ includeDeferred: true, once: true });
    r = await row(id);
    expect(r).toMatchObject({ status: 'pending', attempts: 2 });
    j = await job(id);
    expect(j).toMatchObject({ state: 'retry', retry_count: 1 });
    expect(j.wait).toBeGreaterThan(9);
    expect(j.wait).toBeLessThanOrEqual(20);

    await box.flush({ includeDeferred: true });
    r = await row(id);
    expect(r).toMatchObject({ status: 'sent', attempts: 3, providerMessageId: `p-${id}`, body: 'Код: ••••••' });
    expect(r.sentAt).not.toBeNull();
    expect((await job(id)).state).toBe('completed');
  });

  it('a permanent failure is not retried', async () => {
    const box = await make(new FlakyTransport(1, true));
    const id = await box.enqueue({
      channel: 'sms',
      to: '+79160000002',
      body: 'Код: 333444',
      bodyRedacted: 'Код: ••••••',
      kind: 'code:sign_in',
    });
    await box.flush({ includeDeferred: true });
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1, body: 'Код: ••••••' });
    expect((await job(id)).state).toBe('completed');
  });

  it('a message queued in a transaction that rolls back is never sent', async () => {
    const transport = new FlakyTransport(0);
    const box = await make(transport);
    await expect(
      database.db.transaction(async (tx) => {
        await box.enqueue(
          { channel: 'sms', to: '+79160000003', body: 'x', bodyRedacted: 'x', kind: 'test' },
          tx as unknown as typeof database.db,
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await box.flush({ includeDeferred: true });
    expect(transport.calls).toHaveLength(0);
  });

  it('a message with notBefore waits for that moment', async () => {
    const transport = new FlakyTransport(0);
    const box = await make(transport);
    const id = await box.enqueue({
      channel: 'sms',
      to: '+79160000004',
      body: 'Груз прибыл',
      bodyRedacted: 'Груз прибыл',
      kind: 'test',
      notBefore: new Date(Date.now() + 3_600_000),
    });
    await box.flush();
    expect(transport.calls).toHaveLength(0);
    const j = await job(id);
    expect(j.state).toBe('created');
    expect(j.wait).toBeGreaterThan(3_500);
    await box.flush({ includeDeferred: true });
    expect(transport.calls).toEqual([id]);
  });

  it('concurrent senders never send one message twice', async () => {
    const transport = new FlakyTransport(0);
    const a = await make(transport);
    const b = await make(transport);
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      ids.push(
        await a.enqueue({
          channel: 'sms',
          to: `+7916000010${i % 10}`,
          body: `m${i}`,
          bodyRedacted: `m${i}`,
          kind: 'test',
        }),
      );
    }
    await Promise.all([a.flush(), b.flush(), a.flush(), b.flush()]);
    expect([...transport.calls].sort((x, y) => x - y)).toEqual(ids);
    for (const id of ids) expect((await row(id)).status).toBe('sent');
  });
});
