import { ORDER_STEP_VALUES, stepOfPath, type OrderStep } from '@freight/domain/order-draft';

/** The wizard lives at /order; the step is the `step` query parameter. */
export const ORDER_PATH = '/order';
/** The confirmation page after a request was created: /order/done?track=… */
export const ORDER_DONE_PATH = '/order/done';

export function stepHref(step: OrderStep): string {
  return `${ORDER_PATH}?step=${step}`;
}

export function parseStep(value: string | null | undefined): OrderStep | null {
  return ORDER_STEP_VALUES.includes(value as OrderStep) ? (value as OrderStep) : null;
}

export function stepIndex(step: OrderStep): number {
  return ORDER_STEP_VALUES.indexOf(step);
}

export function nextStep(step: OrderStep): OrderStep | null {
  return ORDER_STEP_VALUES[stepIndex(step) + 1] ?? null;
}

export function previousStep(step: OrderStep): OrderStep | null {
  const index = stepIndex(step);
  return index > 0 ? (ORDER_STEP_VALUES[index - 1] ?? null) : null;
}

/**
 * The step of the first field the server refused, in wizard order (fields of earlier steps
 * first), or null when no field is named.
 */
export function firstStepOfFields(fields: Record<string, string>): OrderStep | null {
  let best: OrderStep | null = null;
  for (const path of Object.keys(fields)) {
    const step = stepOfPath(path);
    if (best === null || stepIndex(step) < stepIndex(best)) best = step;
  }
  return best;
}

/** The confirmation URL for a track number. */
export function doneHref(trackNumber: string): string {
  return `${ORDER_DONE_PATH}?track=${encodeURIComponent(trackNumber)}`;
}

/** The sign-in link that comes back to this step (the sign-in screen accepts same-site `next`). */
export function signInHref(step: OrderStep): string {
  return `/auth/sign-in?next=${encodeURIComponent(stepHref(step))}`;
}
