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
  laterOf,
  submitKeyFor,
  toServerCopy,
  serverCopyKey,
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
    expect(stored?.unsent).toBe(false);
    writeLocalDraft(withWeight(13), '2026-11-23T10:00:00.000Z', { unsent: true });
    expect(readLocalDraft(restoreDraft)).toMatchObject({ serverUpdatedAt: '2026-11-23T10:00:00.000Z', unsent: true });
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

  it('reads a copy written before the `unsent` mark as confirmed (the old rule applies to it)', () => {
    localStorage.setItem(
      ORDER_DRAFT_STORAGE_KEY,
      JSON.stringify({ payload: serializeDraft(withWeight(5)), serverUpdatedAt: '2026-11-23T10:00:00.000Z' }),
    );
    expect(readLocalDraft(restoreDraft)).toMatchObject({ serverUpdatedAt: '2026-11-23T10:00:00.000Z', unsent: false });
    localStorage.setItem(
      ORDER_DRAFT_STORAGE_KEY,
      JSON.stringify({ payload: serializeDraft(withWeight(5)), serverUpdatedAt: null, unsent: 'yes' }),
    );
    expect(readLocalDraft(restoreDraft)?.unsent).toBe(false);
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
  const local = (weight: number, serverUpdatedAt: string | null) => ({
    draft: withWeight(weight),
    serverUpdatedAt,
    unsent: false,
  });
  const server = (weight: number, updatedAt: string) => ({
    draft: toServerCopy(withWeight(weight)),
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

  describe('personal data typed here is never wiped by the server copy (152-FZ)', () => {
    const SENDER = { name: 'Иван Петров', phone: '+7(916) 123-45-67', email: 'ivan@example.ru' };
    const typed = (weight: number) =>
      [
        { type: 'contacts/update', participant: 'sender', patch: SENDER } as const,
        { type: 'contacts/update', participant: 'recipient', patch: { name: 'Анна Смирнова' } } as const,
        {
          type: 'destination/update',
          patch: { departure_type: 'address', departure_address: 'Москва, ул. Лесная, д. 5' },
        } as const,
      ].reduce(orderDraftReducer, withWeight(weight));

    it('a newer server copy saved without the consent brings its changes and keeps the local details and address', () => {
      const local = { draft: typed(1), serverUpdatedAt: '2026-11-23T10:00:00Z', unsent: false };
      const server = { draft: toServerCopy(typed(2)), updated_at: '2026-11-23T10:05:00Z' };
      expect(server.draft.draft.contacts.sender.name).toBe('');
      const picked = pickDraft(local, server, restoreDraft);
      expect(picked.source).toBe('server');
      expect(picked.draft.cargo.weight).toBe(2);
      expect(picked.draft.contacts).toEqual(local.draft.contacts);
      expect(picked.draft.destination.departure_address).toBe('Москва, ул. Лесная, д. 5');
      // `stored` is the server's copy as it is; the shown one differs from it.
      expect(picked.stored).toEqual(server.draft.draft);
      expect(picked.draft).not.toBe(picked.stored);
      expect(serverCopyKey(picked.draft)).toBe(serverCopyKey(picked.stored!));
    });

    it('a participant the server copy has (saved with the consent) is its own; blank ones are filled', () => {
      const theirs = orderDraftReducer(orderDraftReducer(withWeight(2), { type: 'consent/set', value: true }), {
        type: 'contacts/update',
        participant: 'recipient',
        patch: { name: 'Олег Ким' },
      });
      const picked = pickDraft(
        { draft: typed(1), serverUpdatedAt: '2026-11-23T10:00:00Z', unsent: false },
        { draft: toServerCopy(theirs), updated_at: '2026-11-23T10:05:00Z' },
        restoreDraft,
      );
      expect(picked.draft.contacts.recipient.name).toBe('Олег Ким');
      expect(picked.draft.contacts.sender).toMatchObject(SENDER);
      expect(picked.draft.consent).toBe(true);
    });

    it('without a local copy the server copy is shown as stored', () => {
      const picked = pickDraft(
        null,
        { draft: toServerCopy(typed(2)), updated_at: '2026-11-23T10:05:00Z' },
        restoreDraft,
      );
      expect(picked.draft).toBe(picked.stored);
      expect(picked.draft.contacts.sender.name).toBe('');
    });

    it('the PUT body holds no personal data before the consent, all of it after', () => {
      const body = JSON.stringify(toServerCopy(typed(1)));
      for (const value of [...Object.values(SENDER), 'Анна Смирнова', 'Лесная']) expect(body).not.toContain(value);
      const agreed = orderDraftReducer(typed(1), { type: 'consent/set', value: true });
      expect(toServerCopy(agreed)).toEqual({ version: 1, draft: agreed });
    });
  });

  describe('a local copy with unsent changes is never replaced by the server copy (the reload race)', () => {
    // The page is left 200 ms after the cargo was typed: the save on leaving may reach the server
    // before the next page reads its copy (`landed`), or after it (`stale`), or never.
    const typedHere = [
      { type: 'cargo/selectTab', tab: 'multiple' } as const,
      { type: 'cargo/update', patch: { quantity: 3 } } as const,
    ].reduce(orderDraftReducer, withWeight(45));
    const before = withWeight(1);
    const stale = { draft: toServerCopy(before), updated_at: '2026-11-23T10:00:00.000Z' };
    const landed = { draft: toServerCopy(typedHere), updated_at: '2026-11-23T10:00:03.000Z' };
    const unsent = { draft: typedHere, serverUpdatedAt: '2026-11-23T10:00:00.000Z', unsent: true };

    it.each([
      ['the save on leaving landed first', landed],
      ['the save on leaving landed later, or never', stale],
      // An answer read after more typing moved serverUpdatedAt past what this copy was sent with.
      ['the server copy is newer, from a save of an older state', { ...stale, updated_at: '2026-11-23T10:00:05.000Z' }],
    ])('%s: the same draft, this browser’s', (_, serverCopy) => {
      const picked = pickDraft(unsent, serverCopy, restoreDraft);
      expect(picked.source).toBe('local');
      expect(picked.draft).toBe(typedHere);
      expect(picked.draft.cargo).toMatchObject({ weight: 45, quantity: 3 });
      expect(picked.serverUpdatedAt).toBe(laterOf(unsent.serverUpdatedAt, serverCopy.updated_at));
      expect(picked.stored).toEqual(restoreDraft(JSON.stringify(serverCopy.draft)));
    });

    it('the old rule would have shown the server copy (this is what the e2e reload test hit)', () => {
      const confirmedButStale = { ...unsent, unsent: false, serverUpdatedAt: null };
      expect(pickDraft(confirmedButStale, stale, restoreDraft).draft.cargo.weight).toBe(1);
      expect(pickDraft({ ...confirmedButStale, unsent: true }, stale, restoreDraft).draft.cargo.weight).toBe(45);
    });

    it('without a server copy, or with an older one, the local copy is shown too', () => {
      expect(pickDraft(unsent, { draft: null, updated_at: null }, restoreDraft).source).toBe('local');
      expect(pickDraft(unsent, null, restoreDraft).source).toBe('local');
    });
  });

  it('laterOf compares the server’s timestamps, null being none', () => {
    expect(laterOf(null, null)).toBeNull();
    expect(laterOf('2026-11-23T10:00:00.000Z', null)).toBe('2026-11-23T10:00:00.000Z');
    expect(laterOf(null, '2026-11-23T10:00:00.000Z')).toBe('2026-11-23T10:00:00.000Z');
    expect(laterOf('2026-11-23T10:00:05.000Z', '2026-11-23T10:00:00.000Z')).toBe('2026-11-23T10:00:05.000Z');
    expect(laterOf('2026-11-23T10:00:00.000Z', '2026-11-23T10:00:05.000Z')).toBe('2026-11-23T10:00:05.000Z');
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
