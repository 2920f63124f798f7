import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { NotificationSettings, TelegramStatus } from '@freight/contracts/notifications';
import { cargoStatusLabel } from '@freight/domain/cargo-status';
import { NOTIFICATION_EVENTS, defaultNotificationPreferences } from '@freight/domain/notifications';
import { NOTIFICATIONS_TEXTS } from '@freight/domain/texts/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationSettingsSection } from './notification-settings';
import { TELEGRAM_POLL_MS } from './telegram-link';
import { UnsubscribeForm } from './unsubscribe-form';
import { json as answer } from '@/testing/fetch';

const S = NOTIFICATIONS_TEXTS.settings;
const U = NOTIFICATIONS_TEXTS.unsubscribe;

const settings = (over: Partial<NotificationSettings> = {}): NotificationSettings => ({
  preferences: defaultNotificationPreferences(),
  events: NOTIFICATION_EVENTS.map((event) => ({ event, label: cargoStatusLabel(event) })),
  has_phone: true,
  has_email: true,
  quiet_hours: { from: '22:00', to: '08:00' },
  ...over,
});

const telegram = (over: Partial<TelegramStatus> = {}): TelegramStatus => ({
  available: true,
  linked: false,
  label: null,
  linked_at: null,
  bot_username: 'magistral_bot',
  ...over,
});

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('NotificationSettingsSection', () => {
  it('shows one group per status with a box per channel, ticked as saved', () => {
    render(<NotificationSettingsSection settings={settings()} telegram={telegram()} />);
    expect(screen.getByRole('heading', { name: S.title })).toBeInTheDocument();
    for (const event of NOTIFICATION_EVENTS) {
      const group = screen.getByRole('group', { name: cargoStatusLabel(event) });
      const boxes = within(group).getAllByRole('checkbox');
      expect(boxes.map((b) => b.getAttribute('name'))).toEqual([
        `events.${event}.sms`,
        `events.${event}.email`,
        `events.${event}.telegram`,
      ]);
    }
    const arrived = screen.getByRole('group', { name: 'Прибыл на терминал' });
    expect(within(arrived).getByRole('checkbox', { name: 'SMS' })).toBeChecked();
    const transit = screen.getByRole('group', { name: 'В пути' });
    expect(within(transit).getByRole('checkbox', { name: 'SMS' })).not.toBeChecked();
    expect(within(transit).getByRole('checkbox', { name: 'Эл. почта' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: S.notifyRecipient })).not.toBeChecked();
    expect(screen.getByText(S.quietHours)).toBeInTheDocument();
  });

  it('saves the whole settings with one «Сохранить»', async () => {
    const saved = defaultNotificationPreferences();
    saved.events.arrived.sms = false;
    saved.participants.recipient = true;
    fetchMock.mockResolvedValueOnce(answer(200, settings({ preferences: saved })));
    render(<NotificationSettingsSection settings={settings()} telegram={telegram()} />);
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Прибыл на терминал' })).getByRole('checkbox', { name: 'SMS' }),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: S.notifyRecipient }));
    fireEvent.click(screen.getByRole('button', { name: S.save }));
    expect(await screen.findByText(S.saved)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/user/notification_settings');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual(saved);
  });

  it('shows the API’s message when saving fails', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(429, { error: { code: 'TOO_MANY_REQUESTS', message: 'Слишком много запросов' } }),
    );
    render(<NotificationSettingsSection settings={settings()} telegram={telegram()} />);
    fireEvent.click(screen.getByRole('button', { name: S.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Слишком много запросов');
  });

  it('without a bot: no Telegram boxes, and the block says linking is unavailable', () => {
    render(
      <NotificationSettingsSection
        settings={settings({ has_email: false })}
        telegram={telegram({ available: false })}
      />,
    );
    const transit = screen.getByRole('group', { name: 'В пути' });
    expect(within(transit).queryByRole('checkbox', { name: 'Telegram' })).not.toBeInTheDocument();
    expect(screen.getByText(S.telegramUnavailable)).toBeInTheDocument();
    expect(screen.getByText(S.noEmail)).toBeInTheDocument();
  });
});

describe('TelegramLink', () => {
  it('shows a code with the t.me link, then the linked chat once the bot confirmed it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const expires = new Date(Date.now() + 10 * 60_000).toISOString();
    fetchMock
      .mockResolvedValueOnce(
        answer(201, {
          code: 'AbCdEfGhIjKlMnOpQrStUv',
          deep_link: 'https://t.me/magistral_bot?start=AbCdEfGhIjKlMnOpQrStUv',
          expires_at: expires,
        }),
      )
      .mockResolvedValueOnce(answer(200, telegram()))
      .mockResolvedValueOnce(
        answer(200, telegram({ linked: true, label: '@olga_k', linked_at: new Date().toISOString() })),
      );
    render(<NotificationSettingsSection settings={settings()} telegram={telegram()} />);
    expect(screen.getByTestId('telegram-status')).toHaveTextContent(S.telegramNotLinked);
    fireEvent.click(screen.getByRole('button', { name: S.telegramConnect }));
    expect(await screen.findByTestId('telegram-code')).toHaveTextContent('/start AbCdEfGhIjKlMnOpQrStUv');
    expect(screen.getByRole('link', { name: S.telegramOpen })).toHaveAttribute(
      'href',
      'https://t.me/magistral_bot?start=AbCdEfGhIjKlMnOpQrStUv',
    );
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('POST');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TELEGRAM_POLL_MS * 2 + 10);
    });
    expect(await screen.findByText(S.telegramLinked('@olga_k'))).toBeInTheDocument();
    expect(screen.queryByTestId('telegram-code')).not.toBeInTheDocument();
  });

  it('«Отключить» unlinks', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, telegram()));
    render(
      <NotificationSettingsSection settings={settings()} telegram={telegram({ linked: true, label: '@olga_k' })} />,
    );
    expect(screen.getByTestId('telegram-status')).toHaveTextContent('Подключён: @olga_k');
    fireEvent.click(screen.getByRole('button', { name: S.telegramDisconnect }));
    expect(await screen.findByText(S.telegramDisconnected)).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('DELETE');
    expect(screen.getByTestId('telegram-status')).toHaveTextContent(S.telegramNotLinked);
  });
});

describe('UnsubscribeForm', () => {
  it('asks first, and unsubscribes from the one status on the click', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(200, { kind: 'account', event: 'in_transit', event_label: 'В пути', unsubscribed: 'event' }),
    );
    render(
      <UnsubscribeForm
        token="u1000.sig"
        info={{ kind: 'account', event: 'in_transit', event_label: 'В пути', unsubscribed: null }}
      />,
    );
    expect(screen.getByText(U.eventQuestion('В пути'))).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: U.confirmEvent }));
    expect(await screen.findByText(U.done)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/notifications/unsubscribe');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'u1000.sig', event: 'in_transit' });
  });

  it('an address link offers one button that stops every status e-mail', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(200, { kind: 'address', event: null, event_label: null, unsubscribed: 'all' }),
    );
    render(
      <UnsubscribeForm token="eX.sig" info={{ kind: 'address', event: null, event_label: null, unsubscribed: null }} />,
    );
    expect(screen.getByText(U.addressQuestion)).toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: U.confirmEvent }));
    expect(await screen.findByText(U.doneAll)).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ token: 'eX.sig', event: null });
  });
});
