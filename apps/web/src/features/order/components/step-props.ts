import type { OrderDraft, OrderDraftAction } from '@freight/domain/order-draft';

/** What every step gets from the wizard. `errors` are keyed by draft path ('cargo.weight'). */
export interface StepProps {
  draft: OrderDraft;
  dispatch: (action: OrderDraftAction) => void;
  errors: Record<string, string>;
}
