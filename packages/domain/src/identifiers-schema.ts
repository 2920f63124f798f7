import { z } from 'zod';
import {
  getInnError,
  getKppError,
  getLegalInnError,
  getOgrnError,
  getPassportNumberError,
  getPassportSeriesError,
  normalizeIdentifier,
} from './identifiers';
import { IDENTIFIERS_TEXTS } from './texts/identifiers';

/** A zod field that normalises with {@link normalizeIdentifier} and reports `getError`'s message. */
function identifierSchema(getError: (value: string) => string | null, requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .overwrite(normalizeIdentifier)
    .check((ctx) => {
      const error = getError(ctx.value);
      if (error) ctx.issues.push({ code: 'custom', message: error, input: ctx.value });
    });
}

/** ИНН of 10 or 12 digits; outputs the digits only. */
export const InnSchema = identifierSchema(getInnError, IDENTIFIERS_TEXTS.innRequired);
/** ИНН of an organisation: 10 digits only. */
export const LegalInnSchema = identifierSchema(getLegalInnError, IDENTIFIERS_TEXTS.innRequired);
/** КПП; outputs upper case without separators. */
export const KppSchema = identifierSchema(getKppError, IDENTIFIERS_TEXTS.kppRequired);
/** ОГРН (13 digits) or ОГРНИП (15 digits). */
export const OgrnSchema = identifierSchema(getOgrnError, IDENTIFIERS_TEXTS.ogrnRequired);
/** Passport series: 4 digits. */
export const PassportSeriesSchema = identifierSchema(getPassportSeriesError, IDENTIFIERS_TEXTS.passportSeriesRequired);
/** Passport number: 6 digits. */
export const PassportNumberSchema = identifierSchema(getPassportNumberError, IDENTIFIERS_TEXTS.passportNumberRequired);
