// Glue between the calculator's inputs and the domain order draft. Deep imports only.
import { CRATE_PACKAGE_CODE } from '@freight/domain/shipment/limits';
import { draftToCalculatorQuery } from '@freight/domain/shipment/query';
import type { OrderDraft, OrderDraftAction } from '@freight/domain/order-draft';

/** Query params that belong to the page, not to the calculator, and survive URL rewrites. */
export const PRESERVED_PARAMS = ['partner'] as const;

/**
 * Actions that keep every chosen packaging (and the crate) at one per place after the number of
 * places changed; empty when nothing has to change.
 */
export function packageSyncActions(draft: OrderDraft): OrderDraftAction[] {
  const places = draft.cargo.quantity;
  return draft.packageItems
    .filter((item) => item.quantity !== places)
    .map((item) => ({ type: 'packages/setQuantity', id: item.id, quantity: places }));
}

/** The rigid crate is a service flag and a priced package at once; these actions switch both. */
export function crateActions(draft: OrderDraft, on: boolean): OrderDraftAction[] {
  return [
    { type: 'services/update', patch: { crate: on } },
    { type: 'packages/setQuantity', id: CRATE_PACKAGE_CODE, quantity: on ? draft.cargo.quantity : 0 },
  ];
}

/** A city of GET duty_locality/cities as the draft keeps it (our id when it has no FIAS id). */
/** The order wizard's address for this calculation with the transportation type chosen. */
export function orderHref(draft: OrderDraft, transportationType: string): string {
  return `/order?${draftToCalculatorQuery({ ...draft, transportationType }).toString()}`;
}

/**
 * The page address that reproduces this calculation: `pathname` with the calculator query,
 * keeping page params such as the widget's `partner`.
 */
export function calculatorHref(pathname: string, draft: OrderDraft, current?: URLSearchParams): string {
  const query = draftToCalculatorQuery(draft);
  for (const key of PRESERVED_PARAMS) {
    const value = current?.get(key);
    if (value) query.set(key, value);
  }
  const search = query.toString();
  return search ? `${pathname}?${search}` : pathname;
}
