import { restoreDraft } from '@freight/domain/order-draft-schema';
import { afterEach, describe, expect, it } from 'vitest';
import { createOrderDraft, orderDraftReducer, serializeDraft } from '@freight/domain/order-draft';
import {
  hasLocalDraft,
  loadRestorer,
  ORDER_DRAFT_STORAGE_KEY,
  clearLocalDraft,
  clearSubmitKey,
  fingerprint,
  pickDraft,
  readLocalDraft,
  submitKeyFor,
  toSerialized,
  writeLocalDraft,
} from './draft-storage';

const withWeight = (weight: number) =>
  orderDraftReducer(createOrderDraft(), { type: 'cargo/update', patch: { weight } });

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('draft in localStorage', () => {
  it('round-trips the draft with the server timestamp it was synced with', () => {
    expect(readLocalDraft(restoreDraft)).toBeNull();
    writeLocalDraft(withWeight(12), '2026-11-23T10:00:00.000Z');
    const stored = readLocalDraft(restoreDraft);
    expect(stored?.draft.cargo.weight).toBe(12);
    expect(stored?.serverUpdatedAt).toBe('2026-11-23T10:00:00.000Z');
    clearLocalDraft();
    expect(readLocalDraft(restoreDraft)).toBeNull();
  });

  it('ignores garbage', () => {
    localStorage.setItem(ORDER_DRAFT_STORAGE_KEY, '{not json');
    expect(readLocalDraft(restoreDraft)).toBeNull();
    localStorage.setItem(ORDER_DRAFT_STORAGE_KEY, JSON.stringify({ payload: 5 }));
    expect(readLocalDraft(restoreDraft)).toBeNull();
    localStorage.setItem(ORDER_DRAFT_STORAGE_KEY, JSON.stringify({ payload: '{"version":99}' }));
    expect(readLocalDraft(restoreDraft)?.draft).toEqual(createOrderDraft());
  });
});

describe('the restorer loads only when something is stored', () => {
  it('gives the defaults without loading the schemas, and the real restorer when needed', async () => {
    expect(hasLocalDraft()).toBe(false);
    const defaults = await loadRestorer(false);
    expect(defaults(null)).toEqual(createOrderDraft());
    const real = await loadRestorer(true);
    const draft = orderDraftReducer(createOrderDraft(), { type: 'promocode/set', value: 'START10' });
    expect(real(serializeDraft(draft))).toEqual(draft);
    expect(real('{"version":1,"draft":{"paymentType":"barter"}}').paymentType).toBe('cash');
  });
});

describe('local or server copy', () => {
  const local = (weight: number, serverUpdatedAt: string | null) => ({ draft: withWeight(weight), serverUpdatedAt });
  const server = (weight: number, updatedAt: string) => ({
    draft: toSerialized(withWeight(weight)),
    updated_at: updatedAt,
  });

  it('takes the server copy when it changed since this browser last synced', () => {
    const picked = pickDraft(local(1, '2026-11-23T10:00:00Z'), server(2, '2026-11-23T10:05:00Z'), restoreDraft);
    expect(picked.source).toBe('server');
    expect(picked.draft.cargo.weight).toBe(2);
    expect(picked.serverUpdatedAt).toBe('2026-11-23T10:05:00Z');
    expect(pickDraft(local(1, null), server(2, '2026-11-23T10:05:00Z'), restoreDraft).source).toBe('server');
    expect(pickDraft(null, server(2, '2026-11-23T10:05:00Z'), restoreDraft).source).toBe('server');
  });

  it('keeps the local copy when the server holds nothing newer', () => {
    const picked = pickDraft(local(1, '2026-11-23T10:05:00Z'), server(2, '2026-11-23T10:05:00Z'), restoreDraft);
    expect(picked.source).toBe('local');
    expect(picked.draft.cargo.weight).toBe(1);
    expect(pickDraft(local(1, '2026-11-23T10:05:00Z'), { draft: null, updated_at: null }, restoreDraft).source).toBe(
      'local',
    );
    expect(pickDraft(local(1, null), null, restoreDraft).source).toBe('local');
  });

  it('falls back to a fresh draft', () => {
    const picked = pickDraft(null, { draft: null, updated_at: null }, restoreDraft);
    expect(picked.source).toBe('none');
    expect(picked.draft).toEqual(createOrderDraft());
  });
});

describe('idempotency key of a submission', () => {
  it('is kept for retries of the same draft and renewed for a changed one', () => {
    const first = submitKeyFor(withWeight(12));
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(submitKeyFor(withWeight(12))).toBe(first);
    const changed = submitKeyFor(withWeight(13));
    expect(changed).not.toBe(first);
    clearSubmitKey();
    expect(submitKeyFor(withWeight(13))).not.toBe(changed);
  });

  it('fingerprints drafts by content', () => {
    expect(fingerprint(withWeight(1))).toBe(fingerprint(withWeight(1)));
    expect(fingerprint(withWeight(1))).not.toBe(fingerprint(withWeight(2)));
    expect(serializeDraft(withWeight(1))).toContain('"weight":1');
  });
});
