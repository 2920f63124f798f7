import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CaptchaSolveError } from '@/lib/captcha/solve-captcha';
import type * as SolverModule from '@/lib/captcha/solve-captcha';
import { usePhoneCode } from './use-phone-code';

const solveCaptcha = vi.hoisted(() => vi.fn());
vi.mock('@/lib/captcha/solve-captcha', async (original) => ({
  ...(await original<typeof SolverModule>()),
  solveCaptcha,
}));

const CODE_PATH = '/api/v1/user/phone/verification_code';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const captchaRequired = () =>
  json(403, { error: { code: 'CAPTCHA_REQUIRED', message: 'Подтвердите, что вы не робот' } });
const sent = () => json(200, { sent: true, message: 'Код отправлен', resend_after: 60, expires_in: 300 });

describe('usePhoneCode and the CAPTCHA (decision 011)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const bodies = () =>
    fetchMock.mock.calls
      .filter(([url]) => url === CODE_PATH)
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    solveCaptcha.mockReset();
  });

  async function sendWith(hook: { current: ReturnType<typeof usePhoneCode> }) {
    act(() => hook.current.setPhone('8 916 123-45-67'));
    let ok = false;
    await act(async () => {
      ok = await hook.current.send();
    });
    return ok;
  }

  it('on CAPTCHA_REQUIRED solves the check, shows its progress and sends the request again with the solution', async () => {
    fetchMock.mockResolvedValueOnce(captchaRequired()).mockResolvedValueOnce(sent());
    let finish: (payload: string) => void = () => undefined;
    solveCaptcha.mockImplementation(({ onProgress }: { onProgress: (share: number) => void }) => {
      onProgress(0.5);
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    });
    const { result } = renderHook(() => usePhoneCode('sign_in'));
    act(() => result.current.setPhone('8 916 123-45-67'));
    let sending: Promise<boolean> = Promise.resolve(false);
    act(() => {
      sending = result.current.send();
    });
    await vi.waitFor(() => expect(result.current.captcha).toEqual({ phase: 'solving', progress: 0.5 }), {
      timeout: 10_000,
    });
    expect(result.current.sending).toBe(true);

    let ok = false;
    await act(async () => {
      finish('c29sdmVk');
      ok = await sending;
    });
    expect(ok).toBe(true);
    expect(solveCaptcha).toHaveBeenCalledTimes(1);
    expect(bodies()).toEqual([
      { phone: '+79161234567', purpose: 'sign_in' },
      { phone: '+79161234567', purpose: 'sign_in', captcha: 'c29sdmVk' },
    ]);
    expect(result.current.storedPhone).toBe('+79161234567');
    expect(result.current.captcha).toBeNull();
    expect(result.current.formError).toBeNull();
  });

  it('when the check cannot be solved, stays on the phone step with the failed status (the fallback) and no form error', async () => {
    fetchMock.mockResolvedValueOnce(captchaRequired());
    solveCaptcha.mockRejectedValue(new CaptchaSolveError('timeout'));
    const { result } = renderHook(() => usePhoneCode('registration'));
    expect(await sendWith(result)).toBe(false);
    expect(result.current.captcha).toEqual({ phase: 'failed' });
    expect(result.current.storedPhone).toBeNull();
    expect(bodies()).toHaveLength(1);

    // «Повторить проверку»: the same request, solved this time.
    fetchMock.mockResolvedValueOnce(captchaRequired()).mockResolvedValueOnce(sent());
    solveCaptcha.mockResolvedValue('b2s=');
    await act(async () => {
      await result.current.retryCaptcha();
    });
    expect(result.current.captcha).toBeNull();
    expect(result.current.storedPhone).toBe('+79161234567');
  });

  it('gives up after two refused solutions instead of looping', async () => {
    fetchMock.mockImplementation(async () =>
      json(403, { error: { code: 'CAPTCHA_INVALID', message: 'Проверка не пройдена' } }),
    );
    solveCaptcha.mockResolvedValue('eA==');
    const { result } = renderHook(() => usePhoneCode('sign_in'));
    expect(await sendWith(result)).toBe(false);
    expect(solveCaptcha).toHaveBeenCalledTimes(2);
    expect(bodies()).toHaveLength(3);
    expect(result.current.captcha).toEqual({ phase: 'failed' });
  });
});
