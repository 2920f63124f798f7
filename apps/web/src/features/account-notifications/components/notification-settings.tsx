'use client';

import type { NotificationSettings, TelegramStatus } from '@freight/contracts/notifications';
import { NOTIFICATION_CHANNELS, type NotificationPreferences } from '@freight/domain/notifications';
import { NOTIFICATIONS_TEXTS } from '@freight/domain/texts/notifications';
import { useState, type CSSProperties } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, Button, Checkbox } from '@/components/ui';
import { errorMessage, notificationsApi } from '../api/notifications-api';
import { lazyZodResolver, preloadSchemas } from '../lib/form';
import { TelegramLink } from './telegram-link';
import styles from './notifications.module.css';

const S = NOTIFICATIONS_TEXTS.settings;
const CHANNEL_LABEL = NOTIFICATIONS_TEXTS.channels;

export interface NotificationSettingsSectionProps {
  settings: NotificationSettings;
  telegram: TelegramStatus;
}

/**
 * The «Уведомления» section of /personal-account/settings: per status, the channels that carry
 * it (each status a group of three boxes: a row on a wide screen, a card on a phone), whether the
 * order's sender and recipient hear too, the quiet hours, and the Telegram link. One «Сохранить»
 * sends the whole settings (PUT /user/notification_settings).
 */
export function NotificationSettingsSection({ settings, telegram }: NotificationSettingsSectionProps) {
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<NotificationPreferences>({
    defaultValues: settings.preferences,
    resolver: lazyZodResolver<NotificationPreferences>('NotificationsFormSchema'),
  });
  const { isSubmitting } = form.formState;
  // Without a bot there is nothing to link: the Telegram boxes are not offered (their values stay as saved).
  const channels = NOTIFICATION_CHANNELS.filter((c) => c !== 'telegram' || telegram.available);

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    setSaved(false);
    try {
      const answer = await notificationsApi.save(values);
      form.reset(answer.preferences);
      setSaved(true);
    } catch (e) {
      setError(errorMessage(e));
    }
  });

  return (
    <section className={styles.section} aria-labelledby="notifications-title">
      <h2 id="notifications-title">{S.title}</h2>
      <p className={styles.hint}>{S.intro}</p>
      <form onSubmit={onSubmit} onFocus={preloadSchemas} onChange={() => setSaved(false)} noValidate>
        <div
          className={styles.matrix}
          role="group"
          aria-label={S.tableCaption}
          style={{ '--channels': channels.length } as CSSProperties}
        >
          <div className={styles.headRow} aria-hidden="true">
            <span>{S.eventColumn}</span>
            {channels.map((channel) => (
              <span key={channel}>{CHANNEL_LABEL[channel]}</span>
            ))}
          </div>
          {settings.events.map(({ event, label }) => (
            <fieldset key={event} className={styles.eventRow} data-testid={`notify-${event}`}>
              <legend className={styles.eventLabel}>{label}</legend>
              <div className={styles.channels}>
                {channels.map((channel) => (
                  <Checkbox
                    key={channel}
                    label={CHANNEL_LABEL[channel]}
                    containerClassName={styles.channel}
                    {...form.register(`events.${event}.${channel}`)}
                  />
                ))}
              </div>
            </fieldset>
          ))}
        </div>
        {settings.has_email ? null : <p className={styles.hint}>{S.noEmail}</p>}
        {telegram.available ? <p className={styles.hint}>{S.telegramHint}</p> : null}

        <fieldset className={styles.participants}>
          <legend>{S.participantsTitle}</legend>
          <p className={styles.hint}>{S.participantsHint}</p>
          <Checkbox label={S.notifySender} {...form.register('participants.sender')} />
          <Checkbox label={S.notifyRecipient} {...form.register('participants.recipient')} />
        </fieldset>

        <h3 className={styles.subtitle}>{S.quietHoursTitle}</h3>
        <p className={styles.hint}>{S.quietHours}</p>

        {error ? <Alert variant="error">{error}</Alert> : null}
        {saved ? <Alert variant="success">{S.saved}</Alert> : null}
        <Button type="submit" loading={isSubmitting}>
          {S.save}
        </Button>
      </form>

      <TelegramLink initial={telegram} />
    </section>
  );
}
