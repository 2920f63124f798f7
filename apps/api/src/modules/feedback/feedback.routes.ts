import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, FeedbackRequestSchema, FeedbackResponseSchema } from '@freight/contracts';
import type { Database } from '@freight/db';
import { submitFeedback } from './feedback.service';

export const feedbackRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/v1/user/feedback',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Message to the support team (support widget, feedback form)',
        description:
          'Anonymous senders must set consent=true (consent to personal-data processing is recorded). ' +
          'Limited to 5 messages per 10 minutes per IP.',
        body: FeedbackRequestSchema,
        response: { 201: FeedbackResponseSchema, 400: ErrorBodySchema, 403: ErrorBodySchema, 429: ErrorBodySchema },
      },
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const session = await request.getSession();
      const result = await submitFeedback(db, request.body, {
        sessionId: session?.id ?? null,
        userId: session?.userId ?? null,
        ip: request.ip ?? null,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return reply.code(201).send({ id: result.id, received_at: result.receivedAt.toISOString() });
    },
  );
};
