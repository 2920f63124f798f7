import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ApiKey, ApiKeyList, CreatedApiKey } from '@freight/contracts/api-keys';
import { API_KEYS_TEXTS } from '@freight/domain/texts/api-keys';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json as answer, stubFetch } from '@/testing/fetch';

const router = vi.hoisted(() => ({ refresh: vi.fn(), replace: vi.fn(), push: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));

const { ApiKeysSection } = await import('./api-keys-section');
const { HowToUse } = await import('./how-to-use');

const S = API_KEYS_TEXTS.screen;
const UUID = '0b5f3c0e-8f0a-4a43-9a55-1c6f2b1d2e3f';
const SECRET = 'mg_live_Ab12Cd34_0123456789abcdefghijABCDEFGHIJklmnopqrst';

const live: ApiKey = {
  id: '5d1c2a36-3c0c-4f3e-8f59-0d5d4c1f0a11',
  name: '1С склад',
  prefix: 'mg_live_Xy98Zw76',
  scopes: ['cargo:read', 'requests:create'],
  created_at: '2026-03-02T09:00:00.000Z',
  created_by: 'Ольга Смирнова',
  last_used_at: null,
  revoked_at: null,
  rate_limit_per_minute: 120,
};
const revoked: ApiKey = {
  ...live,
  id: '7d1c2a36-3c0c-4f3e-8f59-0d5d4c1f0a12',
  name: 'Старый сайт',
  prefix: 'mg_live_Old00001',
  scopes: ['calculate'],
  last_used_at: '2026-03-03T10:15:00.000Z',
  revoked_at: '2026-03-05T12:30:00.000Z',
};
const list: ApiKeyList = { account_uuid: UUID, keys: [live, revoked], max_keys: 20, rate_limit_per_minute: 120 };

describe('ApiKeysSection', () => {
  const { fetchMock } = stubFetch();
  beforeEach(() => router.refresh.mockReset());

  it('lists the keys with their prefix, scopes, dates and state; only a live key can be revoked', () => {
    render(<ApiKeysSection list={list} />);
    expect(screen.getByRole('heading', { name: 'Ключи: 1 ключ' })).toBeInTheDocument();
    const first = screen.getByTestId(`api-key-${live.id}`);
    expect(within(first).getByText('mg_live_Xy98Zw76…')).toBeInTheDocument();
    expect(within(first).getByText('Права: Читать грузы, Создавать заявки')).toBeInTheDocument();
    expect(within(first).getByText('Создан 2 марта 2026 г., Ольга Смирнова')).toBeInTheDocument();
    expect(within(first).getByText(S.neverUsed)).toBeInTheDocument();
    expect(within(first).getByText('Не больше 120 запросов в минуту')).toBeInTheDocument();
    expect(within(first).getByText(S.active)).toHaveAttribute('data-state', 'active');
    expect(within(first).getByRole('button', { name: `${S.revoke}: 1С склад` })).toBeInTheDocument();

    const old = screen.getByTestId(`api-key-${revoked.id}`);
    expect(within(old).getByText(S.revoked)).toHaveAttribute('data-state', 'revoked');
    expect(within(old).getByText('Отозван 5 марта 2026 г., 15:30')).toBeInTheDocument();
    expect(within(old).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows Russian errors under the name and the scopes before sending anything', async () => {
    render(<ApiKeysSection list={list} />);
    fireEvent.click(screen.getByRole('button', { name: S.createSubmit }));
    expect(await screen.findByText(API_KEYS_TEXTS.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(API_KEYS_TEXTS.scopesRequired)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: S.scopesLegend })).toHaveAccessibleDescription(
      API_KEYS_TEXTS.scopesRequired,
    );
    fireEvent.change(screen.getByLabelText(S.nameLabel), { target: { value: 'я'.repeat(101) } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Рассчитывать стоимость/ }));
    fireEvent.click(screen.getByRole('button', { name: S.createSubmit }));
    expect(await screen.findByText(API_KEYS_TEXTS.nameTooLong)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates a key and shows its secret once, with a warning and «Скопировать»', async () => {
    const created: CreatedApiKey = {
      key: { ...live, id: '9d1c2a36-3c0c-4f3e-8f59-0d5d4c1f0a13', name: 'CRM', prefix: SECRET.slice(0, 16) },
      secret: SECRET,
    };
    fetchMock.mockResolvedValueOnce(answer(201, created));
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<ApiKeysSection list={list} />);
    fireEvent.change(screen.getByLabelText(S.nameLabel), { target: { value: '  CRM ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Читать грузы/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Рассчитывать стоимость/ }));
    fireEvent.click(screen.getByRole('button', { name: S.createSubmit }));

    const dialog = await screen.findByRole('dialog', { name: S.secretTitle });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/user/api_keys');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      account_uuid: UUID,
      name: 'CRM',
      scopes: ['cargo:read', 'calculate'],
    });
    expect(router.refresh).toHaveBeenCalled();
    expect(within(dialog).getByText(S.secretWarning)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(S.secretLabel('CRM'))).toHaveValue(SECRET);
    fireEvent.click(within(dialog).getByRole('button', { name: S.copy }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    expect(await within(dialog).findByRole('button', { name: S.copied })).toBeInTheDocument();
    // The form is empty again for the next key.
    expect(screen.getByLabelText(S.nameLabel)).toHaveValue('');

    fireEvent.click(within(dialog).getByRole('button', { name: S.secretDone }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of a new key (the cap on live keys)', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(409, { error: { code: 'API_KEYS_LIMIT', message: API_KEYS_TEXTS.tooManyKeys } }),
    );
    render(<ApiKeysSection list={list} />);
    fireEvent.change(screen.getByLabelText(S.nameLabel), { target: { value: 'Ещё один' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Создавать заявки/ }));
    fireEvent.click(screen.getByRole('button', { name: S.createSubmit }));
    expect(await screen.findByText(API_KEYS_TEXTS.tooManyKeys)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('revokes a key only after the confirmation', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { ok: true }));
    render(<ApiKeysSection list={list} />);
    fireEvent.click(screen.getByRole('button', { name: `${S.revoke}: 1С склад` }));
    const dialog = await screen.findByRole('dialog', { name: S.revokeTitle });
    expect(within(dialog).getByText(S.revokeText('1С склад'))).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: S.revokeConfirm }));
    expect(await screen.findByText(S.revokedNotice('1С склад'))).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/v1/user/api_keys?id=${live.id}`);
    expect(init?.method).toBe('DELETE');
    expect(router.refresh).toHaveBeenCalled();
  });
});

describe('HowToUse', () => {
  it('shows the header, a curl call on the site’s origin, the limit and the OpenAPI links', () => {
    render(<HowToUse origin="https://magistral.example/" ratePerMinute={120} />);
    expect(screen.getByRole('heading', { name: S.howToTitle })).toBeInTheDocument();
    expect(screen.getByText(/curl -H "Authorization: Bearer mg_live_…"/)).toHaveTextContent(
      'https://magistral.example/api/v1/cargo/cargo?limit=20',
    );
    expect(screen.getByText(S.howToLimits('120 запросов'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: S.docsLink })).toHaveAttribute('href', '/api/docs');
    expect(screen.getByRole('link', { name: S.openapiLink })).toHaveAttribute('href', '/api/v1/openapi.json');
  });
});
