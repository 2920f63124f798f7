import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@freight/contracts';
import {
  BoClientContractsSchema,
  BoContractCreateBodySchema,
  BoContractItemSchema,
  BoPaymentBodySchema,
  BoPaymentResultSchema,
} from '@freight/contracts/back-office-contracts';
import type { BackOfficeDeps } from './back-office.deps';
import type { Audit } from './client-work.service';
import { recordAudit, requireStaff } from './staff-context';
import * as service from './contracts-admin.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

const ProfileParams = z.object({ accountUuid: z.string().max(100) });
const ContractParams = z.object({ contractUuid: z.string().max(100) });

/**
 * Contracts and bank payments of business clients (issue 16, decision 014) in the back-office:
 * the contracts of a profile with their positions (`clients.view`), a new contract and a payment
 * order booked to a contract's ledger (`finance.manage`: the client managers and
 * administrators who keep a client's terms). Every change writes the audit log in its transaction.
 */
export const contractsAdminRoutes: FastifyPluginAsyncZod<{ deps: BackOfficeDeps }> = async (app, { deps }) => {
  const audit =
    (request: FastifyRequest): Audit =>
    (tx, entry) =>
      recordAudit(tx, request, entry, deps.clock());

  app.get(
    '/api/v1/back-office/clients/:accountUuid/contracts',
    {
      preHandler: requireStaff('clients.view'),
      schema: {
        tags: ['back-office'],
        summary: "A client profile's contracts with each one's position today (balance, overdue, credit left)",
        params: ProfileParams,
        response: { 200: BoClientContractsSchema, ...errors },
      },
    },
    async (request) => service.listClientContracts(deps, request.params.accountUuid),
  );

  app.post(
    '/api/v1/back-office/clients/:accountUuid/contracts',
    {
      preHandler: requireStaff('finance.manage'),
      schema: {
        tags: ['back-office'],
        summary: 'Give a company profile a contract (prepayment, or postpayment with a credit limit and a term)',
        description:
          '`credit_limit_kopecks` and `payment_term_days` are required for `postpayment` and refused for ' +
          '`prepayment`. A number the profile already has answers 409; a personal profile 400. ' +
          '`is_default: true` moves the default flag from the previous default contract.',
        params: ProfileParams,
        body: BoContractCreateBodySchema,
        response: { 201: BoContractItemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await service.createContract(deps, audit(request), request.params.accountUuid, request.body);
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/api/v1/back-office/contracts/:contractUuid/payments',
    {
      preHandler: requireStaff('finance.manage'),
      schema: {
        tags: ['back-office'],
        summary: "Book a payment order from the bank statement to a contract's ledger",
        description:
          '`booked_on` may not be in the future nor before the contract took effect. Answers the entry ' +
          'and the contract’s new position.',
        params: ContractParams,
        body: BoPaymentBodySchema,
        response: { 201: BoPaymentResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.recordPayment(deps, audit(request), request.params.contractUuid, request.body);
      return reply.status(201).send(result);
    },
  );
};
