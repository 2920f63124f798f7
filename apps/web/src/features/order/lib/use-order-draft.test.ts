import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DraftResponse } from '@freight/contracts/orders';
import {
  createOrderDraft,
  orderDraftReducer,
  serializeDraft,
  type OrderDraft,
  type OrderDraftAction,
  type SerializedOrderDraft,
} from '@freight/domain/order-draft';
import { restoreDraft } from '@freight/domain/order-draft-schema';
import { ORDER_DRAFT_STORAGE_KEY, readLocalDraft, toServerCopy, writeLocalDraft } from './draft-storage';
import { useOrderDraft, type InitialDraft, type OrderDraftStore } from './use-order-draft';

/*
 * 152-FZ (issue 20): before the consent the wizard sends the server no personal data, and no
 * server copy ever wipes what this browser holds. The API is a stand-in that stores what it is
 * sent, as the real one does (the API's own tests prove it drops personal data without consent).
 */

const DRAFT_PATH = '/api/v1/requests/draft';
const PERSONAL = ['Иван Петров', '+7(916) 123-45-67', 'ivan@example.ru', 'Анна Смирнова', 'Москва, ул. Лесная, д. 5'];

const reduce = (actions: OrderDraftAction[], from: OrderDraft = createOrderDraft()) =>
  actions.reduce(orderDraftReducer, from);

/** A draft with a route, a door pick-up, cargo and two participants; no consent. */
const typed = (weight = 12) =>
  reduce([
    { type: 'destination/update', patch: { city_departure: { fias_id: 'm', name: 'Москва' } } },
    { type: 'destination/update', patch: { city_delivery: { fias_id: 'n', name: 'Новосибирск' } } },
    { type: 'destination/update', patch: { departure_type: 'address', departure_address: 'Москва, ул. Лесная, д. 5' } },
    { type: 'cargo/update', patch: { weight, length: 50, width: 40, height: 30 } },
    {
      type: 'contacts/update',
      participant: 'sender',
      patch: { name: 'Иван Петров', phone: '+7(916) 123-45-67', email: 'ivan@example.ru' },
    },
    { type: 'contacts/update', participant: 'recipient', patch: { name: 'Анна Смирнова', phone: '+7(913) 765-43-21' } },
  ]);

/** The stand-in API: GET answers the stored copy, PUT stores the body and answers it. */
function fakeApi(initial: DraftResponse = { draft: null, updated_at: null }) {
  let stored = initial;
  let tick = Date.parse(initial.updated_at ?? '2026-11-23T10:00:00Z');
  const puts: SerializedOrderDraft[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (String(input) !== DRAFT_PATH) return new Response('{}', { status: 404 });
    if (init?.method === 'PUT') {
      const { draft } = JSON.parse(String(init.body)) as { draft: SerializedOrderDraft };
      puts.push(draft);
      tick += 1000;
      stored = { draft, updated_at: new Date(tick).toISOString() };
    }
    return json(stored);
  });
  return { fetchMock, puts, stored: () => stored };
}

/** Renders the hook and notes `ready` at every render (the first one is what the server rendered). */
function mount(initial: InitialDraft | null) {
  const readiness: boolean[] = [];
  const hook = renderHook(() => {
    const store = useOrderDraft(initial);
    readiness.push(store.ready);
    return store;
  });
  return { result: hook.result as { current: OrderDraftStore }, readiness, unmount: hook.unmount };
}

const initialFrom = (server: DraftResponse): InitialDraft => ({
  draft: restoreDraft(server.draft ? JSON.stringify(server.draft) : null),
  server,
});

const localDraft = () => readLocalDraft(restoreDraft)?.draft ?? null;

describe('useOrderDraft and personal data (152-FZ)', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });
  const serve = (initial?: DraftResponse) => {
    api = fakeApi(initial);
    vi.stubGlobal('fetch', api.fetchMock);
  };
  const sentText = () => JSON.stringify(api.puts);

  it('sends no personal data before the consent, keeps it in the browser, and sends it once ticked', async () => {
    serve();
    const { result } = mount(null);
    await waitFor(() => expect(result.current.settled).toBe(true));
    const draft = typed();
    act(() => result.current.dispatch({ type: 'restore', draft }));
    await act(() => result.current.flush());

    expect(api.puts).toHaveLength(1);
    for (const value of PERSONAL) expect(sentText(), value).not.toContain(value);
    expect(api.puts[0]!.draft.cargo.weight).toBe(12);
    expect(api.puts[0]!.draft.destination.city_departure?.name).toBe('Москва');
    // The browser's copy is whole.
    expect(localDraft()?.contacts).toEqual(draft.contacts);
    expect(localDraft()?.destination.departure_address).toBe('Москва, ул. Лесная, д. 5');

    // More personal data typed: the server's copy would not change, so nothing is sent.
    act(() =>
      result.current.dispatch({
        type: 'contacts/update',
        participant: 'recipient',
        patch: { email: 'anna@example.ru' },
      }),
    );
    await act(() => result.current.flush());
    expect(api.puts).toHaveLength(1);
    expect(localDraft()?.contacts.recipient.email).toBe('anna@example.ru');

    // The tick: now the server may keep it all.
    act(() => result.current.dispatch({ type: 'consent/set', value: true }));
    await act(() => result.current.flush());
    expect(api.puts).toHaveLength(2);
    expect(api.puts[1]!.draft).toEqual(result.current.draft);
    expect(api.puts[1]!.draft.contacts.sender.name).toBe('Иван Петров');

    // Unticked again: the next copy goes without it.
    act(() => result.current.dispatch({ type: 'consent/set', value: false }));
    await act(() => result.current.flush());
    expect(JSON.stringify(api.puts[2])).not.toContain('Иван Петров');
    expect(result.current.draft.contacts.sender.name).toBe('Иван Петров');
  });

  it('a newer server copy (another tab, a sign-in) brings its changes and never wipes the personal data typed here', async () => {
    writeLocalDraft(typed(12), '2026-11-23T10:00:00.000Z');
    const newer = reduce([{ type: 'cargo/update', patch: { weight: 99 } }], typed(12));
    serve({ draft: toServerCopy(newer), updated_at: '2026-11-23T10:05:00.000Z' });
    const { result } = mount(null);
    await waitFor(() => expect(result.current.draft.cargo.weight).toBe(99));
    await waitFor(() => expect(result.current.settled).toBe(true));
    expect(result.current.draft.contacts).toEqual(typed().contacts);
    expect(result.current.draft.destination.departure_address).toBe('Москва, ул. Лесная, д. 5');
    // The server already holds all it may keep of this draft: nothing to send.
    await act(() => result.current.flush());
    expect(api.puts).toEqual([]);
    await waitFor(() => expect(localDraft()?.cargo.weight).toBe(99));
    expect(localDraft()?.contacts).toEqual(typed().contacts);
  });

  it('server-rendered with a copy saved without the consent: waits for this browser’s copy, then shows it whole', async () => {
    const server: DraftResponse = { draft: toServerCopy(typed()), updated_at: '2026-11-23T10:00:00.000Z' };
    writeLocalDraft(typed(), '2026-11-23T10:00:00.000Z');
    serve(server);
    const { result, readiness } = mount(initialFrom(server));
    // What the server rendered (and hydration sees first): not the step with empty names.
    expect(readiness[0]).toBe(false);
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.draft.contacts).toEqual(typed().contacts);
    expect(result.current.draft.destination.departure_address).toBe('Москва, ул. Лесная, д. 5');
    await waitFor(() => expect(result.current.settled).toBe(true));
    await act(() => result.current.flush());
    expect(api.puts).toEqual([]);
  });

  it('server-rendered with such a copy and nothing in this browser: shows the server copy right after mounting', async () => {
    const server: DraftResponse = { draft: toServerCopy(typed()), updated_at: '2026-11-23T10:00:00.000Z' };
    serve(server);
    const { result, readiness } = mount(initialFrom(server));
    expect(readiness[0]).toBe(false);
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.draft.contacts.sender.name).toBe('');
    expect(result.current.draft.cargo.weight).toBe(12);
  });

  it('server-rendered with a consented copy, or with none: shown at once, as before', async () => {
    const agreed = orderDraftReducer(typed(), { type: 'consent/set', value: true });
    const server: DraftResponse = { draft: toServerCopy(agreed), updated_at: '2026-11-23T10:00:00.000Z' };
    expect(server.draft?.draft.contacts.sender.name).toBe('Иван Петров');
    serve(server);
    const consented = mount(initialFrom(server));
    expect(consented.readiness[0]).toBe(true);
    expect(consented.result.current.draft).toEqual(agreed);
    await waitFor(() => expect(consented.result.current.settled).toBe(true));
    consented.unmount();
    localStorage.clear();

    serve();
    const fresh = mount(initialFrom({ draft: null, updated_at: null }));
    expect(fresh.readiness[0]).toBe(true);
    await waitFor(() => expect(fresh.result.current.settled).toBe(true));
    expect(localStorage.getItem(ORDER_DRAFT_STORAGE_KEY)).toBeNull();
    expect(serializeDraft(fresh.result.current.draft)).toBe(serializeDraft(createOrderDraft()));
  });
});
