/** Fetch helpers of the web tests (imported by *.test.tsx and feature test kits only). */
import { afterEach, beforeEach, vi } from 'vitest';

/** A JSON answer of the API with this status. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API's error answer: `{ error: { code, message, fields } }`. */
export const apiError = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  json(status, { error: { code, message, fields } });

/** A stubbed fetch for the file's tests, and the calls it got as [path, JSON body]. */
export function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });
  const calls = () => fetchMock.mock.calls.map(([url, init]) => [url, JSON.parse(String(init?.body ?? 'null'))]);
  return { fetchMock, calls };
}
