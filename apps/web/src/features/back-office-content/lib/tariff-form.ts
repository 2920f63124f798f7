import type { AdminTariff, TariffRatesInput } from '@freight/contracts/back-office-content';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { inputToKopecks, inputToNumber, kopecksToInput, numberToInput } from './money-input';

const V = BACK_OFFICE_CONTENT_TEXTS.validation;

/** One step of a rate grid as typed: the upper limit (empty: «и больше») and the rate in roubles. */
export interface BreakField {
  up_to: string;
  rate: string;
}

/** The tariff editor's fields: what people type, before it becomes the API's body. */
export interface TariffFormValues {
  weight_breaks: BreakField[];
  volume_breaks: BreakField[];
  min_charge: string;
  density_kg_per_m3: string;
  volume_coefficient_permille: string;
  transit_days_min: string;
  transit_days_max: string;
}

const toFields = (breaks: AdminTariff['weight_breaks']): BreakField[] =>
  breaks.map((b) => ({ up_to: numberToInput(b.up_to), rate: kopecksToInput(b.rate_kopecks) }));

/** The editor's starting values for a route. */
export function tariffFormValues(tariff: AdminTariff): TariffFormValues {
  return {
    weight_breaks: toFields(tariff.weight_breaks),
    volume_breaks: toFields(tariff.volume_breaks),
    min_charge: kopecksToInput(tariff.min_charge_kopecks),
    density_kg_per_m3: String(tariff.density_kg_per_m3),
    volume_coefficient_permille: String(tariff.volume_coefficient_permille),
    transit_days_min: String(tariff.transit_days_min),
    transit_days_max: String(tariff.transit_days_max),
  };
}

const integer = (value: string): number | null => {
  const n = inputToNumber(value);
  return n !== null && Number.isInteger(n) ? n : null;
};

/**
 * The API body of the editor's values, or the Russian message of each field that cannot be read
 * (by the API's field paths, e.g. `weight_breaks.1.rate_kopecks`). Whether the values are sane
 * (ascending steps, positive rates) is the API's call; its messages use the same paths.
 */
export function tariffRatesBody(
  values: TariffFormValues,
): { body: TariffRatesInput; errors?: undefined } | { body?: undefined; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const grid = (name: 'weight_breaks' | 'volume_breaks') =>
    values[name].map((step, index) => {
      const upTo = step.up_to.trim() === '' ? null : inputToNumber(step.up_to);
      const rate = inputToKopecks(step.rate);
      if (step.up_to.trim() !== '' && (upTo === null || upTo <= 0)) {
        errors[`${name}.${index}.up_to`] = V.breakLimitInvalid;
      }
      if (rate === null || rate < 1) errors[`${name}.${index}.rate_kopecks`] = V.rateRange;
      return { up_to: upTo, rate_kopecks: rate ?? 0 };
    });
  const number = (field: keyof TariffFormValues & string, read: (v: string) => number | null, message: string) => {
    const n = read(values[field] as string);
    if (n === null) errors[field] = message;
    return n ?? 0;
  };
  const body: TariffRatesInput = {
    weight_breaks: grid('weight_breaks'),
    volume_breaks: grid('volume_breaks'),
    min_charge_kopecks: (() => {
      const n = inputToKopecks(values.min_charge);
      if (n === null) errors.min_charge_kopecks = V.minChargeRange;
      return n ?? 0;
    })(),
    density_kg_per_m3: number('density_kg_per_m3', integer, V.densityRange),
    volume_coefficient_permille: number('volume_coefficient_permille', integer, V.coefficientRange),
    transit_days_min: number('transit_days_min', integer, V.transitRange),
    transit_days_max: number('transit_days_max', integer, V.transitRange),
  };
  return Object.keys(errors).length > 0 ? { errors } : { body };
}
