import type { ExportJob } from '@freight/contracts/export-jobs';
import { vi } from 'vitest';

/*
 * Test kit of queued exports in the browser: an export as the API answers it and a fetch that
 * answers by method and path, each route from its own queue of answers.
 */

/** An export as GET user/exports/job answers it; `patch` states what a test cares about. */
export function exportJob(patch: Partial<ExportJob> = {}): ExportJob {
  const ready = patch.status === 'ready';
  const id = patch.id ?? '6f1c2b9e-0000-4000-8000-000000000001';
  return {
    id,
    kind: 'cargo_list',
    kind_label: 'Заказы',
    format: 'xlsx',
    status: 'queued',
    status_label: 'В очереди',
    rows_done: 0,
    rows_total: null,
    file_name: ready ? 'Заказы_24.11.2026.xlsx' : null,
    content_type: null,
    size_bytes: ready ? 1536 : null,
    error: null,
    created_at: '2026-11-24T09:00:00.000Z',
    finished_at: null,
    expires_at: '2026-11-25T09:00:00.000Z',
    download_url: ready ? `/api/v1/user/exports/file?id=${id}` : null,
    ...patch,
  };
}

export function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * A fetch mock routing `METHOD /path` (query left out) to queued answers; the last answer of a
 * route repeats. Unrouted calls fail the test. `calls` records method, path with query, and body.
 */
export function routedFetch(routes: Record<string, Array<() => Response>>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const mock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const queue = routes[`${method} ${url.split('?')[0]}`];
    if (!queue || queue.length === 0) throw new Error(`unexpected ${method} ${url}`);
    const next = queue.length > 1 ? queue.shift()! : queue[0]!;
    return next();
  });
  return { mock, calls };
}
