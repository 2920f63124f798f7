import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@freight/contracts';
import {
  SecurityAlertListQuerySchema,
  SecurityAlertPageSchema,
  SecurityAlertParamsSchema,
  SecurityAlertResolveBodySchema,
  SecurityAlertSchema,
} from '@freight/contracts/back-office-alerts';
import type { BackOfficeDeps } from './back-office.deps';
import type { Audit } from './client-work.service';
import { actingStaff, recordAudit, requireStaff } from './staff-context';
import * as service from './alerts.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

/**
 * The back-office's security alerts (issue 20: «an alert in the log and the back-office when a
 * budget is hit»): the rows the SMS policy (a spent hourly budget) and the CAPTCHA (a drop of
 * code conversion) raise, listed with their Russian names and details, and resolved by an
 * operator — audited in the same transaction.
 */
export const alertsRoutes: FastifyPluginAsyncZod<{ deps: BackOfficeDeps }> = async (app, { deps }) => {
  const audit =
    (request: FastifyRequest): Audit =>
    (tx, entry) =>
      recordAudit(tx, request, entry, deps.clock());
  const guard = requireStaff('alerts.work');

  app.get(
    '/api/v1/back-office/security_alerts',
    {
      preHandler: guard,
      schema: {
        tags: ['back-office'],
        summary: 'Security alerts (SMS budget hits, conversion drops): open first, the most recently seen first',
        querystring: SecurityAlertListQuerySchema,
        response: { 200: SecurityAlertPageSchema, ...errors },
      },
    },
    async (request) => service.listSecurityAlerts(deps, request.query),
  );

  app.post(
    '/api/v1/back-office/security_alerts/:id/resolve',
    {
      preHandler: guard,
      schema: {
        tags: ['back-office'],
        summary: 'Resolve an open security alert, with an optional comment (kept in the audit log)',
        params: SecurityAlertParamsSchema,
        body: SecurityAlertResolveBodySchema.nullish(),
        response: { 200: SecurityAlertSchema, ...errors },
      },
    },
    async (request) =>
      service.resolveAlert(deps, audit(request), actingStaff(request).name, request.params.id, request.body?.comment),
  );
};
