import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ErrorBodySchema } from '@freight/contracts';
import {
  BoBulkStatusBodySchema,
  BoBulkStatusResultSchema,
  BoCancelBodySchema,
  BoCargoDetailsSchema,
  BoCargoFlagsBodySchema,
  BoCargoListQuerySchema,
  BoCargoListSchema,
  BoCargoParamsSchema,
  BoDriverBodySchema,
  BoOfficeListSchema,
  BoOfficesQuerySchema,
  BoStatusChangeBodySchema,
  type BoCargoDetails,
} from '@freight/contracts/back-office-cargo';
import type { BackOfficeDeps } from './back-office.deps';
import * as service from './cargo-ops.service';
import { CARGO_STATUS_EMAILS_PER_RECIPIENT_HOUR, type CargoActor, type CargoOpsDeps } from './cargo-ops.service';
import { actingStaff, recordAudit, requireStaff } from './staff-context';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

/**
 * Cargo operations of the back-office (issue 17, item 2): find any client's cargo by track
 * number, phone or ИНН; open its page; change its status (one or many, all or nothing), flags
 * and driver; cancel it. Viewing needs `cargo.view`, every change `cargo.operate`; each change
 * writes its history row, audit entry and the owner's notice in one transaction.
 */
export const cargoOpsRoutes: FastifyPluginAsyncZod<{ deps: BackOfficeDeps }> = async (app, { deps }) => {
  const ops: CargoOpsDeps = {
    db: deps.db,
    clock: deps.clock,
    outbox: deps.outbox,
    // The app's one SMS policy (identity.plugin.ts), so its budgets count these SMS too.
    sms: deps.sms,
    publicOrigin: deps.publicOrigin,
    statusEmailsPerRecipientHour: CARGO_STATUS_EMAILS_PER_RECIPIENT_HOUR,
    jobs: deps.jobs,
  };
  const actor = (request: FastifyRequest): CargoActor => ({
    staffId: actingStaff(request).id,
    audit: (tx, entry) => recordAudit(tx, request, entry, deps.clock()),
  });

  app.get(
    '/api/v1/back-office/cargos',
    {
      preHandler: requireStaff('cargo.view'),
      schema: {
        tags: ['back-office'],
        summary: 'Cargos of every client: by track number (or its start), phone or ИНН; paged and sorted',
        querystring: BoCargoListQuerySchema,
        response: { 200: BoCargoListSchema, ...errors },
      },
    },
    async (request) => service.listCargos(ops, request.query),
  );

  app.post(
    '/api/v1/back-office/cargos/bulk_status',
    {
      preHandler: requireStaff('cargo.operate'),
      schema: {
        tags: ['back-office'],
        summary: 'One new status for many cargos: all or nothing (409 names each refused track)',
        body: BoBulkStatusBodySchema,
        response: { 200: BoBulkStatusResultSchema, ...errors },
      },
    },
    async (request) => service.bulkStatus(ops, actor(request), request.body),
  );

  app.get(
    '/api/v1/back-office/cargos/:track',
    {
      preHandler: requireStaff('cargo.view'),
      schema: {
        tags: ['back-office'],
        summary: 'The cargo page: participants, route, price, flags, driver, owner, history, allowed next statuses',
        params: BoCargoParamsSchema,
        response: { 200: BoCargoDetailsSchema, ...errors },
      },
    },
    async (request) => service.getCargo(ops, request.params.track),
  );

  /**
   * A change of one cargo [cargo.operate], answered with the cargo as it is now; `run` is the
   * service's step. The schemas check the body and the answer at run time.
   */
  const cargoChange = <Body extends z.ZodType>(
    method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    action: string,
    summary: string,
    body: Body | null,
    run: (actor: CargoActor, track: string, body: z.output<Body>) => Promise<BoCargoDetails>,
  ) =>
    app.route({
      method,
      url: `/api/v1/back-office/cargos/:track/${action}`,
      preHandler: requireStaff('cargo.operate'),
      schema: {
        tags: ['back-office'],
        summary,
        params: BoCargoParamsSchema,
        ...(body ? { body } : {}),
        response: { 200: BoCargoDetailsSchema, ...errors },
      },
      handler: async (request) => run(actor(request), request.params.track, request.body as z.output<Body>),
    });

  cargoChange(
    'POST',
    'status',
    'Moves the cargo to a new status (history, audit, the owner notified)',
    BoStatusChangeBodySchema,
    (by, track, body) => service.changeStatus(ops, by, track, body),
  );
  cargoChange(
    'PATCH',
    'flags',
    'Sets the flags paid, paid storage, partial release',
    BoCargoFlagsBodySchema,
    (by, track, body) => service.setFlags(ops, by, track, body),
  );
  cargoChange(
    'PUT',
    'driver',
    'Assigns the driver and vehicle of an open cargo',
    BoDriverBodySchema,
    (by, track, body) => service.assignDriver(ops, by, track, body),
  );
  cargoChange('DELETE', 'driver', 'Removes the driver of an open cargo', null, (by, track) =>
    service.removeDriver(ops, by, track),
  );
  cargoChange(
    'POST',
    'cancel',
    'Cancels the cargo with a reason (where the transitions allow it; the owner notified)',
    BoCancelBodySchema,
    (by, track, body) => service.cancelCargo(ops, by, track, body),
  );

  app.get(
    '/api/v1/back-office/offices',
    {
      preHandler: requireStaff('cargo.view'),
      schema: {
        tags: ['back-office'],
        summary: 'Active offices and terminals for the office picker, by city, name, address or code',
        querystring: BoOfficesQuerySchema,
        response: { 200: BoOfficeListSchema, ...errors },
      },
    },
    async (request) => service.listOffices(ops, request.query.q),
  );
};
