/** The cargo card of the personal account: /personal-account/orders/MG-1234-56789. */
export function cargoCardPath(track: string): string {
  return `/personal-account/orders/${encodeURIComponent(track)}`;
}

export const ORDERS_PATH = '/personal-account/orders';
