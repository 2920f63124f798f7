import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS, ErrorBodySchema, TracknumberQuerySchema } from '@freight/contracts';
import { contentDisposition } from '../orders/cargo-export';
import { cargoDocument, type DocumentFile, type DocumentKind, type DocumentsDeps } from './documents.service';

/** PDFs per IP and minute: each one is rendered on the spot (labels: a page per place, up to 500). */
export const DOCUMENTS_RATE_LIMIT = 30;

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
};

const ROUTES: ReadonlyArray<{ kind: DocumentKind; path: string; summary: string; description: string }> = [
  {
    kind: 'receipt',
    path: API_PATHS.documentReceipt,
    summary: 'Экспедиторская расписка of the cargo (PDF)',
    description:
      'Carrier, sender, recipient, payer, route with terminals or addresses, places, weight, volume, declared ' +
      'value, services and price, track number with a Code 128 barcode, signature lines. Permission ' +
      '`documents.shipping`; 409 for a cancelled request.',
  },
  {
    kind: 'invoice',
    path: API_PATHS.documentInvoice,
    summary: 'Счёт на оплату of the cargo for its legal payer (PDF)',
    description:
      'Only when the payer has an ИНН (an organisation or a sole trader), else 409. The carrier’s bank ' +
      'requisites, the price lines, VAT per the price list, the total in words. Permission `documents.finance`.',
  },
  {
    kind: 'act',
    path: API_PATHS.documentAct,
    summary: 'Акт оказанных услуг of a released cargo for its legal payer (PDF)',
    description:
      'Only for a payer with an ИНН and once the cargo is released («Выдан»), else 409. Dated the day of ' +
      'release. Permission `documents.finance`.',
  },
  {
    kind: 'labels',
    path: API_PATHS.documentLabels,
    summary: 'Labels of the cargo’s places: one A6 page per place (PDF)',
    description:
      'Route cities, «Место N из M», weight, the track number as a Code 128 barcode and a QR code of the public ' +
      'tracking page. Permission `documents.shipping`; 409 for a cancelled request.',
  },
];

/** A PDF download (the plain reply type: the 200 body is bytes, not a zod schema). */
function sendPdf(reply: FastifyReply, file: DocumentFile) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(file.names.ascii, file.names.utf8))
    .header('x-content-type-options', 'nosniff')
    .send(file.bytes);
}

/**
 * Documents of a cargo (issue 15): the forwarding receipt, the счёт and акт for a legal payer,
 * the labels of its places — PDFs rendered on request for the cargo's owner (someone else's
 * cargo is 404, as every cargo call). Downloads: `Content-Disposition: attachment` with the
 * Russian file name (RFC 5987) and `Cache-Control: no-store`.
 */
export const documentsRoutes: FastifyPluginAsyncZod<{ deps: DocumentsDeps }> = async (app, { deps }) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('cache-control', 'no-store');
    return payload;
  });

  for (const route of ROUTES) {
    app.get(
      route.path,
      {
        schema: {
          tags: ['cargo'],
          summary: route.summary,
          description: `${route.description} Limited to ${DOCUMENTS_RATE_LIMIT} per minute.`,
          querystring: TracknumberQuerySchema,
          produces: ['application/pdf'],
          response: errors,
        },
        config: { rateLimit: { max: DOCUMENTS_RATE_LIMIT, timeWindow: '1 minute' } },
      },
      async (request, reply) =>
        sendPdf(reply, await cargoDocument(deps, await request.getSession(), request.query.tracknumber, route.kind)),
    );
  }
};
