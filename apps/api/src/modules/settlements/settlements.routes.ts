import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  ContractListSchema,
  ErrorBodySchema,
  ReconciliationQuerySchema,
  SettlementContractsQuerySchema,
  SettlementReviewQuerySchema,
  SettlementReviewSchema,
  SettlementSummaryQuerySchema,
  SettlementSummarySchema,
} from '@freight/contracts';
import { DOCUMENTS_RATE_LIMIT } from '../documents/documents.routes';
import { contentDisposition } from '../uploads/attachment';
import * as service from './settlements.service';

export type { SettlementsDeps } from './settlements.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

const ACCESS =
  'Signed-in verified users; each profile must be the caller’s with permission `settlements.view`: someone ' +
  'else’s or unknown is 404, a role without the permission 403.';
const CONTRACT_ACCESS =
  'Signed-in verified users; the contract’s profile must be the caller’s with permission `settlements.view`: ' +
  'someone else’s or unknown contract is 404, a role without the permission 403.';

/** A download streamed as it is rendered (the plain reply type: the 200 body is bytes, not a zod schema). */
function sendFile(reply: FastifyReply, file: service.ReconciliationFile) {
  const output = new PassThrough();
  // A failure destroys the stream (the download breaks off): the log says why.
  file.write(output).catch((error: unknown) => reply.log.error({ err: error }, 'reconciliation act failed'));
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.names.ascii, file.names.utf8))
    .header('x-content-type-options', 'nosniff')
    .send(output);
}

/**
 * Contracts, month review, summary and the reconciliation act of a business client (issue 16,
 * decision 014). Every figure is computed from the settlement ledger on request; answers are
 * personal: `Cache-Control: no-store`.
 */
export const settlementsRoutes: FastifyPluginAsyncZod<{ deps: service.SettlementsDeps }> = async (app, { deps }) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    API_PATHS.settlementContracts,
    {
      schema: {
        tags: ['settlements'],
        summary: 'Contracts of the listed profiles (account_uuid, comma-separated)',
        description: `Number, date, kind (prepayment / postpayment with a credit limit and a payment term), validity and the default contract new bank-transfer orders are charged to. A personal profile usually has none (an empty list). ${ACCESS}`,
        querystring: SettlementContractsQuerySchema,
        response: { 200: ContractListSchema, ...errors },
      },
    },
    async (request) => service.listContracts(deps, await request.getSession(), request.query),
  );

  app.get(
    API_PATHS.settlementReview,
    {
      schema: {
        tags: ['settlements'],
        summary: 'A contract’s month: opening balance, every charge, payment and credit note, closing balance',
        description: `Amounts in kopecks; a balance is the client’s debt when positive, an advance when negative. Entries by booking day; the document is «number от DD.MM.YYYY». ${CONTRACT_ACCESS}`,
        querystring: SettlementReviewQuerySchema,
        response: { 200: SettlementReviewSchema, ...errors },
      },
    },
    async (request) => service.reviewMonth(deps, await request.getSession(), request.query),
  );

  app.get(
    API_PATHS.settlementSummary,
    {
      schema: {
        tags: ['settlements'],
        summary: 'Balance, debt, overdue debt, credit limit left and the next payment of each contract, and in total',
        description: `As of today (Moscow). Payments and credit notes settle the oldest charges first (FIFO): overdue is what was due before today and is not covered; the next payment is the first due date from today on with an uncovered charge. The total sums each figure; its next payment is the earliest of the contracts’; the credit limit and what is left of it are summed over postpayment contracts (null when there is none). ${ACCESS}`,
        querystring: SettlementSummaryQuerySchema,
        response: { 200: SettlementSummarySchema, ...errors },
      },
    },
    async (request) => service.summary(deps, await request.getSession(), request.query),
  );

  app.get(
    API_PATHS.settlementReconciliation,
    {
      schema: {
        tags: ['settlements'],
        summary: 'Акт сверки взаимных расчётов of a contract for a period, PDF or XLSX (not in the spec)',
        description: `The standard two-sided layout: the carrier’s data (opening balance, a row per document, turnover, closing balance), blank columns for the client, who owes whom on the last day with the amount in words, signatures. Period up to three years (400 beyond). Streamed as it is rendered; POST /user/exports/reconciliation prepares the same file in the background (what the site uses). Limited to ${DOCUMENTS_RATE_LIMIT} per minute. ${CONTRACT_ACCESS}`,
        querystring: ReconciliationQuerySchema,
        produces: ['application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: { ...errors, 429: ErrorBodySchema },
      },
      config: { rateLimit: { max: DOCUMENTS_RATE_LIMIT, timeWindow: '1 minute' } },
    },
    async (request, reply) =>
      sendFile(reply, await service.reconciliation(deps, await request.getSession(), request.query)),
  );
};
