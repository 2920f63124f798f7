import type { PricesTermsResponse } from '@freight/contracts/pricing';
import { arrivalShiftNote, planArrival, type ArrivalPlan } from '@freight/domain/arrival';
import { formatLongDate } from '@freight/domain/dates';
import type { OrderDraft } from '@freight/domain/order-draft';
import { RU_PRODUCTION_CALENDAR } from '@freight/domain/production-calendar';

type TransportPrice = PricesTermsResponse['prices'][number];

/** The planned arrival of one priced transport for a draft, worded for the screen. */
export interface DraftArrival {
  plan: ArrivalPlan;
  /** «11 декабря 2026 г.» */
  text: string;
  /** Why it is later than the calculator's date, or null. */
  note: string | null;
}

/**
 * The planned arrival of `price` for the draft's chosen dates: the domain's `planArrival` from
 * the earliest dispatch the API priced with (`dispatch_date`) and the transit terms — the very
 * computation of full_calculator_standard and request_create, so the wizard shows the date the
 * order will store. `withDelivery: false` leaves a chosen delivery date out (the time step
 * offers delivery dates from the soonest arrival).
 */
export function draftArrival(
  price: Pick<TransportPrice, 'dispatch_date' | 'transit_days_max'>,
  draft: OrderDraft,
  { withDelivery = true }: { withDelivery?: boolean } = {},
): DraftArrival {
  const { departure, delivery, isDeliveryDateChosen } = draft.time;
  const plan = planArrival({
    earliestDispatchDate: price.dispatch_date,
    transitDaysMax: price.transit_days_max,
    calendar: RU_PRODUCTION_CALENDAR,
    pickupDate: departure.date,
    deliveryDate: withDelivery && isDeliveryDateChosen ? delivery.date : null,
  });
  const note = arrivalShiftNote(plan, {
    pickupAtDoor: draft.destination.departure_type === 'address',
    deliveryAtDoor: draft.destination.delivery_type === 'address',
  });
  return { plan, text: formatLongDate(plan.arrivalDate), note };
}

/**
 * Prices and terms with each type's arrival planned for the draft's chosen dates (the payment
 * step's choice and the summary); `dispatch_date` stays the earliest dispatch, so planning again
 * from the result gives the same. The same object while no date is chosen.
 */
export function pricesForDraft(prices: PricesTermsResponse, draft: OrderDraft): PricesTermsResponse {
  if (!draft.time.departure.date && !(draft.time.isDeliveryDateChosen && draft.time.delivery.date)) return prices;
  return {
    ...prices,
    prices: prices.prices.map((price) => {
      const { plan, text } = draftArrival(price, draft);
      return { ...price, arrival_date: plan.arrivalDate, arrival_date_text: text };
    }),
  };
}
