// Loaded on demand (see ./form.ts): zod stays out of the page's first-load JavaScript.
import { isIsoDate } from '@freight/domain/dates';
import { SETTLEMENTS_TEXTS } from '@freight/domain/texts/settlements';
import { z } from 'zod';
import { longestPeriodEnd } from './finance-url';

const S = SETTLEMENTS_TEXTS;

/** A date field: empty and malformed dates each have their own message. */
const dateField = z.string().superRefine((value, ctx) => {
  if (value.trim() === '') ctx.addIssue({ code: 'custom', message: S.screen.dateRequired });
  else if (!isIsoDate(value.trim())) ctx.addIssue({ code: 'custom', message: S.dateInvalid });
});

/**
 * The reconciliation act's period: both dates set, the start not after the end (the message the
 * API gives, under the start, as the API's ReconciliationQuerySchema puts it), three years at most.
 */
export const ReconciliationFormSchema = z
  .object({ date_from: dateField, date_to: dateField })
  .transform((value) => ({ date_from: value.date_from.trim(), date_to: value.date_to.trim() }))
  .superRefine((value, ctx) => {
    if (value.date_from > value.date_to) {
      ctx.addIssue({ code: 'custom', path: ['date_from'], message: S.periodReversed });
    } else if (value.date_to > longestPeriodEnd(value.date_from)) {
      ctx.addIssue({ code: 'custom', path: ['date_to'], message: S.periodTooLong });
    }
  });
