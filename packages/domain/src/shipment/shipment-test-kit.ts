import { createOrderDraft, orderDraftReducer, type OrderDraft, type OrderDraftAction } from '../order-draft';

/* Fixtures of the shipment tests (domain and the web's calculator glue). */

export const MOSCOW = { fias_id: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5', name: 'Москва' };
export const NOVOSIBIRSK = { fias_id: '8dea00e3-9aab-4d8e-887c-ef2aaa546456', name: 'Новосибирск' };

/** `actions` applied to `draft` (default a fresh draft) through the reducer. */
export const apply = (draft: OrderDraft | null, actions: OrderDraftAction[]): OrderDraft =>
  actions.reduce(orderDraftReducer, draft ?? createOrderDraft());

/** A fresh draft on «Несколько мест» with 3 places. */
export function multiple(): OrderDraft {
  return apply(null, [
    { type: 'cargo/selectTab', tab: 'multiple' },
    { type: 'cargo/update', patch: { quantity: 3 } },
  ]);
}
