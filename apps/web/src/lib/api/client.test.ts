import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, requestAnonymousToken, resetAnonymousTokenState } from './client';

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('apiFetch', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    resetAnonymousTokenState();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const tokenCalls = () =>
    fetchMock.mock.calls.filter(([url]) => String(url).includes('/authorization/anonymous_token')).length;

  it('returns parsed JSON and sends credentials', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ok: 1 }));
    await expect(apiFetch('/api/v1/x')).resolves.toEqual({ ok: 1 });
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: 'include' });
  });

  it('a 401 fires one background anonymous-token request and still reports the error', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('anonymous_token')
        ? jsonResponse(200, { anonymous: true })
        : jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'Требуется авторизация' } }),
    );
    await expect(apiFetch('/api/v1/user/get_user_info')).rejects.toMatchObject({
      status: 401,
      message: 'Требуется авторизация',
    });
    await vi.waitFor(() => expect(tokenCalls()).toBe(1));
  });

  it('never loops: a burst of 401s makes a single token request within the cooldown', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('anonymous_token')
        ? jsonResponse(200, {})
        : jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'Требуется авторизация' } }),
    );
    await Promise.allSettled(Array.from({ length: 10 }, () => apiFetch('/api/v1/a')));
    await Promise.allSettled(Array.from({ length: 10 }, () => apiFetch('/api/v1/b')));
    await vi.waitFor(() => expect(tokenCalls()).toBe(1));
    await expect(requestAnonymousToken()).resolves.toBe(false);
    expect(tokenCalls()).toBe(1);
  });

  it('keeps the server Russian message and field errors', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Проверьте правильность заполнения полей',
          fields: { contact: 'Введите email или телефон' },
        },
      }),
    );
    const error = (await apiFetch('/api/v1/x', { method: 'POST', json: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.fields).toEqual({ contact: 'Введите email или телефон' });
  });

  it('turns a network failure or a non-JSON 5xx into a Russian message', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiFetch('/api/v1/x')).rejects.toMatchObject({
      message: 'Сервис временно недоступен. Повторите попытку через минуту',
    });
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiFetch('/api/v1/x')).rejects.toMatchObject({
      status: 502,
      message: 'Внутренняя ошибка сервера. Мы уже разбираемся',
    });
  });
});
