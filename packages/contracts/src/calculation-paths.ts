/**
 * The calls the public calculator and order wizard make from the browser (cities, offices,
 * addresses, packages, prices, the draft, the order). Apart from API_PATHS (which spreads them) so
 * that the home page's calculator and /order do not ship every path of the product.
 */
export const CALCULATION_PATHS = {
  dadataAddress: '/api/v1/duty_locality/dadata_address',
  cities: '/api/v1/duty_locality/cities',
  clientSelection: '/api/v1/duty_clients/client_selection',
  packages: '/api/v1/duty_packages/package',
  cargoTypes: '/api/v1/duty_cargo_types/cargo_type',
  deliverySubdivisions: '/api/v1/duty_delivery_subdivisions/subdivision',
  pricesTerms: '/api/v1/requests/prices_terms_calculation',
  fullCalculator: '/api/v1/requests/full_calculator_standard',
  requestCreate: '/api/v1/requests/request_create',
  /** Not in the spec: the order draft kept per session owner (GET, PUT). */
  orderDraft: '/api/v1/requests/draft',
  currentCargo: '/api/v1/cargo/get_current_cargo',
} as const;
