import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CaptchaSolveError } from '@/lib/captcha/solve-captcha';
import type * as SolverModule from '@/lib/captcha/solve-captcha';
import { usePhoneCode } from './use-phone-code';
import type { CodePurpose } from '@freight/domain/identity';

/** The hook with a code step form of its own, as the forms use it. */
function useFlow(purpose: CodePurpose) {
  const codeForm = useForm({ defaultValues: { phone: '', code: '' } });
  return { ...usePhoneCode(purpose, codeForm), codeForm };
}

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

  async function sendWith(hook: { current: ReturnType<typeof useFlow> }) {
    act(() => hook.current.phoneForm.setValue('phone', '8 916 123-45-67'));
    await act(() => hook.current.requestCode());
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
    const { result } = renderHook(() => useFlow('sign_in'));
    act(() => result.current.phoneForm.setValue('phone', '8 916 123-45-67'));
    let sending: Promise<unknown> = Promise.resolve();
    act(() => {
      sending = result.current.requestCode();
    });
    await vi.waitFor(() => expect(result.current.captcha).toEqual({ phase: 'solving', progress: 0.5 }), {
      timeout: 10_000,
    });
    expect(result.current.sending).toBe(true);

    await act(async () => {
      finish('c29sdmVk');
      await sending;
    });
    expect(solveCaptcha).toHaveBeenCalledTimes(1);
    expect(bodies()).toEqual([
      { phone: '+79161234567', purpose: 'sign_in' },
      { phone: '+79161234567', purpose: 'sign_in', captcha: 'c29sdmVk' },
    ]);
    expect(result.current.storedPhone).toBe('+79161234567');
    // The code step's form submits the phone the code went to.
    expect(result.current.codeForm.getValues('phone')).toBe('+79161234567');
    expect(result.current.captcha).toBeNull();
    expect(result.current.phoneForm.formState.errors).toEqual({});
  });

  it('when the check cannot be solved, stays on the phone step with the failed status (the fallback) and no form error', async () => {
    fetchMock.mockResolvedValueOnce(captchaRequired());
    solveCaptcha.mockRejectedValue(new CaptchaSolveError('timeout'));
    const { result } = renderHook(() => useFlow('registration'));
    await sendWith(result);
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
    const { result } = renderHook(() => useFlow('sign_in'));
    await sendWith(result);
    expect(result.current.storedPhone).toBeNull();
    expect(solveCaptcha).toHaveBeenCalledTimes(2);
    expect(bodies()).toHaveLength(3);
    expect(result.current.captcha).toEqual({ phase: 'failed' });
  });
});
