import { z } from 'zod';
import { CARGO_TAB_VALUES } from './cargo';

const measure = z.number().nonnegative().finite().nullable();

/** Shape check for a stored or received cargo state. */
export const CargoStateSchema = z.strictObject({
  tab: z.enum(CARGO_TAB_VALUES),
  quantity: z.number().int().positive(),
  length: measure,
  width: measure,
  height: measure,
  weight: measure,
  volume: measure,
});
