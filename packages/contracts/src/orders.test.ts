import { describe, expect, it } from 'vitest';
import { MESSAGES, createOrderDraft, serializeDraft } from '@freight/domain';
import {
  CargoRatingRequestSchema,
  DraftPutRequestSchema,
  IdempotencyHeadersSchema,
  TrackNumberQuerySchema,
  TracknumberQuerySchema,
} from './orders';

const O = MESSAGES.orders;

describe('orders contracts', () => {
  it('track numbers are read as typed and become canonical; typos and garbage are refused', () => {
    expect(TracknumberQuerySchema.parse({ tracknumber: 'мг 2611 04270' })).toEqual({ tracknumber: 'MG-2611-04270' });
    expect(TrackNumberQuerySchema.parse({ track_number: '261104270' })).toEqual({ track_number: 'MG-2611-04270' });
    const typo = TrackNumberQuerySchema.safeParse({ track_number: 'MG-2611-04271' });
    expect(typo.success ? null : typo.error.issues[0]?.message).toBe(O.trackChecksum);
    const garbage = TrackNumberQuerySchema.safeParse({ track_number: 'abc' });
    expect(garbage.success ? null : garbage.error.issues[0]?.message).toBe(O.trackInvalid);
    expect(TrackNumberQuerySchema.safeParse({}).success).toBe(false);
  });

  it('the Idempotency-Key is 8–255 printable ASCII characters; other headers pass through', () => {
    const key = '7f1c1a56-1f0e-4f63-9a53-3b3c1f0b2a11';
    expect(IdempotencyHeadersSchema.parse({ 'idempotency-key': key, cookie: 'x' })).toEqual({
      'idempotency-key': key,
      cookie: 'x',
    });
    for (const bad of [undefined, 'short', 'x'.repeat(256), 'ключ-идемпотентности', 'with space 123']) {
      const result = IdempotencyHeadersSchema.safeParse({ 'idempotency-key': bad });
      expect(result.success, String(bad)).toBe(false);
      if (!result.success) expect(result.error.issues[0]?.message).toBe(O.idempotencyKeyRequired);
    }
  });

  it('a draft is stored as serializeDraft writes it, up to 32 KB', () => {
    const draft = JSON.parse(serializeDraft(createOrderDraft()));
    expect(DraftPutRequestSchema.parse({ draft })).toEqual({ draft });
    expect(DraftPutRequestSchema.safeParse({ draft: { version: 2, draft: draft.draft } }).success).toBe(false);
    const huge = {
      ...draft,
      draft: { ...draft.draft, packageItems: Array.from({ length: 2000 }, (_, i) => ({ id: `p${i}`, quantity: 1 })) },
    };
    const result = DraftPutRequestSchema.safeParse({ draft: huge });
    expect(result.success ? null : result.error.issues[0]?.message).toBe(O.draftTooLarge);
  });

  it('a rating is a whole 1–5 with an optional trimmed comment', () => {
    expect(CargoRatingRequestSchema.parse({ track_number: 'MG-2611-04270', rating: 5, comment: '  Спасибо ' })).toEqual(
      {
        track_number: 'MG-2611-04270',
        rating: 5,
        comment: 'Спасибо',
      },
    );
    expect(CargoRatingRequestSchema.parse({ track_number: 'MG-2611-04270', rating: 1 }).comment).toBeNull();
    for (const rating of [0, 6, 2.5, '4', null]) {
      expect(CargoRatingRequestSchema.safeParse({ track_number: 'MG-2611-04270', rating }).success).toBe(false);
    }
  });
});
