import { formatDateTime, formatPhone } from '@freight/domain';
import type { DevOutboxMessage } from '@freight/contracts';
import styles from './outbox-list.module.css';

export const DEV_OUTBOX_LABELS = {
  title: 'Журнал сообщений (демо)',
  intro:
    'Демонстрационный режим: SMS и письма не отправляются, а сохраняются здесь. Скопируйте код или откройте ссылку из письма.',
  empty: 'Сообщений пока нет. Запросите код на странице входа или регистрации.',
  sms: 'SMS',
  email: 'Письмо',
  telegram: 'Telegram',
  refresh: 'Обновить',
} as const;

/** Recorded SMS and e-mails, newest first (DEMO_MODE only). Links in mail bodies are clickable. */
export function OutboxList({ messages }: { messages: DevOutboxMessage[] }) {
  if (messages.length === 0) return <p className={styles.empty}>{DEV_OUTBOX_LABELS.empty}</p>;
  return (
    <ol className={styles.list}>
      {messages.map((m) => (
        <li key={m.id} className={styles.item} data-testid="outbox-message">
          <p className={styles.meta}>
            <span className={styles.channel}>{DEV_OUTBOX_LABELS[m.channel]}</span>
            <span>{m.channel === 'sms' ? formatPhone(m.to) : m.to}</span>
            <time dateTime={m.recorded_at}>{formatDateTime(m.recorded_at)}</time>
          </p>
          {m.subject ? <p className={styles.subject}>{m.subject}</p> : null}
          <p className={styles.body}>
            {m.body.split(/(https?:\/\/\S+)/).map((part, i) =>
              /^https?:\/\//.test(part) ? (
                <a key={i} href={part}>
                  {part}
                </a>
              ) : (
                part
              ),
            )}
          </p>
        </li>
      ))}
    </ol>
  );
}
