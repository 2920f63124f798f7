import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@freight/contracts/paths';
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
 * server copy ever wipes what this browser holds. A reload shows the same draft whether or not
 * the last save reached the server first. The API is a stand-in that stores what it is sent, as
 * the real one does (the API's own tests prove it drops personal data without the consent).
 */

const PERSONAL = ['Иван Петров', '+7(916) 123-45-67', 'ivan@example.ru', 'Анна Смирнова', 'Москва, ул. Лесная, д. 5'];
const ADDRESS = 'Москва, ул. Лесная, д. 5';

const reduce = (actions: OrderDraftAction[], from: OrderDraft = createOrderDraft()) =>
  actions.reduce(orderDraftReducer, from);

/** The route step of the e2e reload test: two cities and a door pick-up. */
const ROUTE: OrderDraftAction[] = [
  { type: 'destination/update', patch: { city_departure: { fias_id: 'm', name: 'Москва' } } },
  { type: 'destination/update', patch: { departure_type: 'address', departure_address: ADDRESS } },
  { type: 'destination/update', patch: { city_delivery: { fias_id: 'n', name: 'Новосибирск' } } },
];
/** Its cargo step: three places. */
const CARGO: OrderDraftAction[] = [
  { type: 'cargo/selectTab', tab: 'multiple' },
  { type: 'cargo/update', patch: { quantity: 3, length: 60, width: 40, height: 40, weight: 45.5 } },
];

/** A draft with a route, a door pick-up, cargo and two participants; no consent. */
const typed = (weight = 12) =>
  reduce([
    ...ROUTE,
    { type: 'cargo/update', patch: { weight, length: 50, width: 40, height: 30 } },
    {
      type: 'contacts/update',
      participant: 'sender',
      patch: { name: 'Иван Петров', phone: '+7(916) 123-45-67', email: 'ivan@example.ru' },
    },
    { type: 'contacts/update', participant: 'recipient', patch: { name: 'Анна Смирнова', phone: '+7(913) 765-43-21' } },
  ]);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface HeldPut {
  body: SerializedOrderDraft;
  keepalive: boolean;
  /** The server stores it (its answer is not read yet: the page may be gone). */
  land: () => void;
  /** The answer reaches the page (stored first if it had not landed). */
  answer: () => void;
  /** The server refuses it (503). */
  fail: () => void;
}

/**
 * The stand-in API: GET answers the stored copy, PUT stores the body and answers it, DELETE
 * forgets it. With `hold`, every PUT waits for the test to land, answer or fail it.
 */
function fakeApi(initial: DraftResponse = { draft: null, updated_at: null }) {
  let stored = initial;
  let tick = Date.parse(initial.updated_at ?? '2026-11-23T10:00:00Z');
  const puts: { body: SerializedOrderDraft; keepalive: boolean }[] = [];
  const held: HeldPut[] = [];
  const state = { hold: false };
  const store = (draft: SerializedOrderDraft) => {
    tick += 1000;
    stored = { draft, updated_at: new Date(tick).toISOString() };
    return stored;
  };
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    if (String(input) !== API_PATHS.orderDraft) return new Response('{}', { status: 404 });
    if (init?.method === 'PUT') {
      const { draft } = JSON.parse(String(init.body)) as { draft: SerializedOrderDraft };
      const keepalive = init.keepalive === true;
      puts.push({ body: draft, keepalive });
      if (!state.hold) return json(store(draft));
      return new Promise<Response>((resolve) => {
        let landed: DraftResponse | null = null;
        held.push({
          body: draft,
          keepalive,
          land: () => {
            landed = store(draft);
          },
          answer: () => resolve(json(landed ?? store(draft))),
          fail: () => resolve(json({ error: { code: 'UNAVAILABLE', message: 'Сервис недоступен' } }, 503)),
        });
      });
    }
    if (init?.method === 'DELETE') {
      stored = { draft: null, updated_at: null };
      return json({ ok: true });
    }
    return json(stored);
  });
  return { fetchMock, puts, held, state, stored: () => stored };
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

/** What the page's server render gives the wizard (app/(site)/order/page.tsx). */
const initialFrom = (server: DraftResponse): InitialDraft => ({
  draft: restoreDraft(server.draft ? JSON.stringify(server.draft) : null),
  server,
});

const localDraft = () => readLocalDraft(restoreDraft)?.draft ?? null;

let api: ReturnType<typeof fakeApi>;
const serve = (initial?: DraftResponse) => {
  api = fakeApi(initial);
  vi.stubGlobal('fetch', api.fetchMock);
};

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('useOrderDraft and personal data (152-FZ)', () => {
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
    expect(api.puts[0]!.body.draft.cargo.weight).toBe(12);
    expect(api.puts[0]!.body.draft.destination.city_departure?.name).toBe('Москва');
    // The browser's copy is whole.
    expect(localDraft()?.contacts).toEqual(draft.contacts);
    expect(localDraft()?.destination.departure_address).toBe(ADDRESS);

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
    expect(result.current.saveState).toBe('saved');

    // The tick: now the server may keep it all.
    act(() => result.current.dispatch({ type: 'consent/set', value: true }));
    await act(() => result.current.flush());
    expect(api.puts).toHaveLength(2);
    expect(api.puts[1]!.body.draft).toEqual(result.current.draft);
    expect(api.puts[1]!.body.draft.contacts.sender.name).toBe('Иван Петров');

    // Unticked again: the next copy goes without it.
    act(() => result.current.dispatch({ type: 'consent/set', value: false }));
    await act(() => result.current.flush());
    expect(JSON.stringify(api.puts[2])).not.toContain('Иван Петров');
    expect(result.current.draft.contacts.sender.name).toBe('Иван Петров');
  });

  it('a newer server copy (another device) brings its changes and never wipes the personal data typed here', async () => {
    writeLocalDraft(typed(12), '2026-11-23T10:00:00.000Z');
    const newer = reduce([{ type: 'cargo/update', patch: { weight: 99 } }], typed(12));
    serve({ draft: toServerCopy(newer), updated_at: '2026-11-23T10:05:00.000Z' });
    const { result } = mount(null);
    await waitFor(() => expect(result.current.draft.cargo.weight).toBe(99));
    await waitFor(() => expect(result.current.settled).toBe(true));
    expect(result.current.draft.contacts).toEqual(typed().contacts);
    expect(result.current.draft.destination.departure_address).toBe(ADDRESS);
    // The server already holds all it may keep of this draft: nothing to send.
    await act(() => result.current.flush());
    expect(api.puts).toEqual([]);
    await waitFor(() => expect(localDraft()?.cargo.weight).toBe(99));
    expect(localDraft()?.contacts).toEqual(typed().contacts);
    expect(result.current.saveState).toBe('saved');
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
    expect(result.current.draft.destination.departure_address).toBe(ADDRESS);
    await waitFor(() => expect(result.current.settled).toBe(true));
    await act(() => result.current.flush());
    expect(api.puts).toEqual([]);
    expect(result.current.saveState).toBe('saved');
  });

  it('server-rendered with such a copy and nothing in this browser: shows the server copy right after mounting', async () => {
    const server: DraftResponse = { draft: toServerCopy(typed()), updated_at: '2026-11-23T10:00:00.000Z' };
    serve(server);
    const { result, readiness } = mount(initialFrom(server));
    expect(readiness[0]).toBe(false);
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.draft.contacts.sender.name).toBe('');
    expect(result.current.draft.cargo.weight).toBe(12);
    await waitFor(() => expect(result.current.saveState).toBe('saved'));
    expect(api.puts).toEqual([]);
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
    // Nothing to save, nothing said about saving.
    expect(fresh.result.current.saveState).toBe('idle');
  });
});

describe('useOrderDraft: a reload never loses what was typed (the e2e reload test)', () => {
  const leave = () => act(() => window.dispatchEvent(new Event('pagehide')));

  /**
   * The e2e test's first page: the route saved and confirmed, then the cargo typed and the page
   * reloaded within the debounce — the cargo leaves only in the save sent on pagehide.
   */
  async function typeRouteThenCargoAndLeave() {
    serve();
    api.state.hold = true;
    const page = mount(initialFrom({ draft: null, updated_at: null }));
    await waitFor(() => expect(page.result.current.settled).toBe(true));
    for (const action of ROUTE) act(() => page.result.current.dispatch(action));
    let flushed: Promise<void> = Promise.resolve();
    act(() => {
      flushed = page.result.current.flush();
    });
    expect(page.result.current.saveState).toBe('saving');
    expect(api.held).toHaveLength(1);
    await act(async () => {
      api.held[0]!.answer();
      await flushed;
    });
    expect(page.result.current.saveState).toBe('saved');

    for (const action of CARGO) act(() => page.result.current.dispatch(action));
    expect(page.result.current.saveState).toBe('saving');
    const typedDraft = page.result.current.draft;
    expect(localDraft()).toEqual(typedDraft); // written at once, before any save
    expect(readLocalDraft(restoreDraft)?.unsent).toBe(true);
    leave();
    expect(api.held).toHaveLength(2);
    expect(api.held[1]!.keepalive).toBe(true);
    expect(api.held[1]!.body.draft.cargo.quantity).toBe(3);
    page.unmount();
    return typedDraft;
  }

  /** The next page: rendered on the server with the copy the API holds now. */
  async function reload() {
    api.state.hold = false;
    const page = mount(initialFrom(api.stored()));
    await waitFor(() => expect(page.result.current.ready).toBe(true));
    await waitFor(() => expect(page.result.current.settled).toBe(true));
    return page;
  }

  it.each([
    ['the save sent on leaving landed before the next page read the server copy', true],
    ['the next page read the server copy first (the save landed later)', false],
  ])('%s: the same draft, and «saved» once the server holds it', async (_, landedFirst) => {
    const typedDraft = await typeRouteThenCargoAndLeave();
    if (landedFirst) api.held[1]!.land();
    expect(api.stored().draft?.draft.cargo.quantity).toBe(landedFirst ? 3 : 1);

    const page = await reload();
    expect(page.result.current.draft).toEqual(typedDraft);
    expect(page.result.current.draft.destination.departure_address).toBe(ADDRESS);
    expect(page.result.current.draft.cargo).toMatchObject({ tab: 'multiple', quantity: 3, weight: 45.5 });

    // «Черновик сохранён» only once the server holds the cargo (a late save of the same copy changes nothing).
    await waitFor(() => expect(page.result.current.saveState).toBe('saved'));
    expect(api.stored().draft?.draft.cargo.quantity).toBe(3);
    expect(api.puts.filter((put) => !put.keepalive)).toHaveLength(landedFirst ? 1 : 2);
    if (!landedFirst) api.held[1]!.land();
    expect(api.stored().draft?.draft).toEqual(toServerCopy(typedDraft).draft);
    expect(readLocalDraft(restoreDraft)).toMatchObject({ draft: typedDraft, unsent: false });
    page.unmount();

    // A fresh tab of the same session without this browser's copy: the cargo from the server,
    // the door address (personal data, no consent yet) asked again.
    localStorage.clear();
    const fresh = await reload();
    expect(fresh.result.current.draft.cargo).toMatchObject({ tab: 'multiple', quantity: 3, weight: 45.5 });
    expect(fresh.result.current.draft.destination).toMatchObject({
      departure_type: 'address',
      departure_address: '',
      city_delivery: { fias_id: 'n', name: 'Новосибирск' },
    });
  });

  it('a save still on its way when more is typed and the page is left: the server copy is newer and older at once', async () => {
    serve();
    api.state.hold = true;
    const page = mount(initialFrom({ draft: null, updated_at: null }));
    await waitFor(() => expect(page.result.current.settled).toBe(true));
    for (const action of ROUTE) act(() => page.result.current.dispatch(action));
    act(() => void page.result.current.flush());
    for (const action of CARGO) act(() => page.result.current.dispatch(action));
    const typedDraft = page.result.current.draft;
    leave();
    page.unmount();
    // The route lands (its answer is never read); the cargo sent on leaving has not landed yet.
    api.held[0]!.land();
    expect(api.stored().draft?.draft.cargo.quantity).toBe(1);
    expect(readLocalDraft(restoreDraft)).toMatchObject({ serverUpdatedAt: null, unsent: true });

    const next = await reload();
    expect(next.result.current.draft).toEqual(typedDraft);
    await waitFor(() => expect(next.result.current.saveState).toBe('saved'));
    expect(api.stored().draft?.draft.cargo.quantity).toBe(3);
  });

  it('a reload without the server render (API unreachable then) gives the same draft', async () => {
    const typedDraft = await typeRouteThenCargoAndLeave();
    api.state.hold = false;
    const page = mount(null);
    await waitFor(() => expect(page.result.current.settled).toBe(true));
    expect(page.result.current.draft).toEqual(typedDraft);
    await waitFor(() => expect(page.result.current.saveState).toBe('saved'));
    expect(api.stored().draft?.draft.cargo.quantity).toBe(3);
  });

  it('an answer read after more typing does not make the server copy look newer than this browser’s', async () => {
    serve();
    api.state.hold = true;
    const page = mount(initialFrom({ draft: null, updated_at: null }));
    await waitFor(() => expect(page.result.current.settled).toBe(true));
    for (const action of ROUTE) act(() => page.result.current.dispatch(action));
    act(() => void page.result.current.flush());
    // More typed while the route is on its way; its answer arrives after that.
    for (const action of CARGO) act(() => page.result.current.dispatch(action));
    await act(async () => {
      api.held[0]!.answer();
      await Promise.resolve();
    });
    await waitFor(() => expect(readLocalDraft(restoreDraft)?.serverUpdatedAt).toBe(api.stored().updated_at));
    expect(readLocalDraft(restoreDraft)).toMatchObject({ unsent: true });
    expect(page.result.current.saveState).toBe('saving');
    const typedDraft = page.result.current.draft;
    page.unmount(); // the tab is closed before the debounce: the cargo never left

    const next = await reload();
    expect(next.result.current.draft).toEqual(typedDraft);
    await waitFor(() => expect(next.result.current.saveState).toBe('saved'));
    expect(api.stored().draft?.draft.cargo.quantity).toBe(3);
  });

  it('a failed save says the draft is in this browser only, and the next change tries again', async () => {
    serve();
    api.state.hold = true;
    const page = mount(initialFrom({ draft: null, updated_at: null }));
    await waitFor(() => expect(page.result.current.settled).toBe(true));
    for (const action of ROUTE) act(() => page.result.current.dispatch(action));
    let flushed: Promise<void> = Promise.resolve();
    act(() => {
      flushed = page.result.current.flush();
    });
    await act(async () => {
      api.held[0]!.fail();
      await flushed;
    });
    expect(page.result.current.saveState).toBe('failed');
    expect(readLocalDraft(restoreDraft)).toMatchObject({ unsent: true });
    expect(api.stored().draft).toBeNull();

    api.state.hold = false;
    for (const action of CARGO) act(() => page.result.current.dispatch(action));
    await act(() => page.result.current.flush());
    expect(page.result.current.saveState).toBe('saved');
    expect(api.stored().draft?.draft.cargo.quantity).toBe(3);
    expect(readLocalDraft(restoreDraft)).toMatchObject({ unsent: false });
  });

  it('clear() forgets the draft, and a save answered after it writes nothing back', async () => {
    serve();
    api.state.hold = true;
    const page = mount(initialFrom({ draft: null, updated_at: null }));
    await waitFor(() => expect(page.result.current.settled).toBe(true));
    for (const action of ROUTE) act(() => page.result.current.dispatch(action));
    act(() => void page.result.current.flush());
    api.state.hold = false;
    await act(() => page.result.current.clear());
    await act(async () => {
      api.held[0]!.answer();
      await Promise.resolve();
    });
    expect(localStorage.getItem(ORDER_DRAFT_STORAGE_KEY)).toBeNull();
    expect(page.result.current.saveState).toBe('idle');
  });
});
