import type { InboxAnswer } from '@freight/contracts/back-office-clients';
import { formatDateTime } from '@freight/domain/dates';
import { BO_CLIENTS_TEXTS } from '@freight/domain/texts/back-office-clients';
import layout from '@/components/back-office/layout.module.css';
import styles from './clients.module.css';

/** The answers to an inbox item so far, oldest first, each with who wrote it and when. */
export function AnswerList({ answers }: { answers: readonly InboxAnswer[] }) {
  if (answers.length === 0) return <p className={layout.muted}>{BO_CLIENTS_TEXTS.inbox.noAnswers}</p>;
  return (
    <ol className={styles.answers}>
      {answers.map((answer) => (
        <li key={answer.id}>
          <span className={layout.muted}>
            {formatDateTime(answer.created_at)}
            {answer.staff_name ? ` · ${answer.staff_name}` : ''}
          </span>
          <p className={styles.message}>{answer.text}</p>
        </li>
      ))}
    </ol>
  );
}
