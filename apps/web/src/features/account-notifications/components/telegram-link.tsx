'use client';

import type { TelegramLinkCode, TelegramStatus } from '@freight/contracts/notifications';
import { NOTIFICATIONS_TEXTS } from '@freight/domain/texts/notifications';
import { useEffect, useState } from 'react';
import { Alert, Button } from '@/components/ui';
import { errorMessage, notificationsApi } from '../api/notifications-api';
import styles from './notifications.module.css';

const S = NOTIFICATIONS_TEXTS.settings;

/** How often the page asks whether the bot has linked the chat while a code waits. */
export const TELEGRAM_POLL_MS = 3_000;

const timeOf = (iso: string) =>
  new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/**
 * The Telegram block: linked (with the chat's name and «Отключить»), or «Подключить Telegram»,
 * which shows a one-time code with the t.me link and then asks every few seconds whether the bot
 * has linked the chat — until it has or the code expired.
 */
export function TelegramLink({ initial }: { initial: TelegramStatus }) {
  const [status, setStatus] = useState(initial);
  const [code, setCode] = useState<TelegramLinkCode | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (!code || status.linked) return;
    const expires = new Date(code.expires_at).getTime();
    const timer = setInterval(() => {
      if (Date.now() > expires) {
        setCode(null);
        return;
      }
      notificationsApi
        .telegramStatus()
        .then((next) => {
          setStatus(next);
          if (next.linked) setCode(null);
        })
        .catch(() => undefined);
    }, TELEGRAM_POLL_MS);
    return () => clearInterval(timer);
  }, [code, status.linked]);

  async function connect() {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      setCode(await notificationsApi.telegramCode());
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  async function disconnect() {
    setBusy(true);
    setError(null);
    try {
      setStatus(await notificationsApi.telegramUnlink());
      setNotice(S.telegramDisconnected);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.telegram} aria-labelledby="telegram-title" role="group">
      <h3 id="telegram-title" className={styles.subtitle}>
        {S.telegramTitle}
      </h3>
      {!status.available ? (
        <p className={styles.hint}>{S.telegramUnavailable}</p>
      ) : (
        <>
          <p data-testid="telegram-status">{status.linked ? S.telegramLinked(status.label) : S.telegramNotLinked}</p>
          {status.linked ? (
            <Button appearance="secondary" loading={busy} onClick={() => void disconnect()}>
              {S.telegramDisconnect}
            </Button>
          ) : code ? (
            <div className={styles.code}>
              <p className={styles.hint}>{S.telegramInstructions}</p>
              <p>
                <span className={styles.codeLabel}>{S.telegramCodeLabel}: </span>
                <code data-testid="telegram-code">/start {code.code}</code>
              </p>
              {code.deep_link ? (
                <Button href={code.deep_link} target="_blank" rel="noopener noreferrer">
                  {S.telegramOpen}
                </Button>
              ) : null}
              <p className={styles.hint}>{S.telegramExpires(timeOf(code.expires_at))}</p>
              <p className={styles.hint} role="status">
                {S.telegramWaiting}
              </p>
            </div>
          ) : (
            <Button appearance="secondary" loading={busy} onClick={() => void connect()}>
              {S.telegramConnect}
            </Button>
          )}
        </>
      )}
      {notice ? <Alert variant="success">{notice}</Alert> : null}
      {error ? <Alert variant="error">{error}</Alert> : null}
    </div>
  );
}
