import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DevOutboxResponseSchema } from '@freight/contracts';
import type { RecordingTransport } from './recording.transport';

/**
 * GET /api/dev/outbox: messages the recording transport kept, newest first, so a person can
 * sign up to the demo. Registered only with DEMO_MODE=1 and while a channel has no real
 * provider; otherwise the path does not exist (404).
 */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ recorder: RecordingTransport }> = async (app, { recorder }) => {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'DEMO_MODE only: recorded SMS and e-mails, newest first',
        response: { 200: DevOutboxResponseSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return recorder.list().map((m) => ({
        id: m.id,
        channel: m.channel,
        to: m.to,
        subject: m.subject,
        body: m.body,
        kind: m.kind,
        recorded_at: m.recordedAt.toISOString(),
      }));
    },
  );
};
