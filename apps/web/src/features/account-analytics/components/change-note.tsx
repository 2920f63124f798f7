import { ANALYTICS_TEXTS } from '@freight/domain/texts/analytics';
import { changeSentence, type Change } from '../lib/format';
import styles from './analytics.module.css';

const S = ANALYTICS_TEXTS.screen;

const ARROWS = { up: '▲', down: '▼', same: '=', none: '' } as const;

export interface ChangeNoteProps {
  change: Change;
  /** Which way is good news (coloured green; the other way red); none: not coloured at all. */
  better?: 'up' | 'down';
}

/**
 * The change against the previous period: an arrow and the amount for the eye («▲ 12,5 %»), the
 * whole sentence for a screen reader («Рост на 12,5 % к прошлому периоду»). Colour only repeats
 * what the arrow and the words say.
 */
export function ChangeNote({ change, better }: ChangeNoteProps) {
  const tone =
    better && (change.direction === 'up' || change.direction === 'down')
      ? change.direction === better
        ? 'good'
        : 'bad'
      : 'neutral';
  const sentence = changeSentence(change);
  return (
    <p className={styles.change} data-tone={tone} data-direction={change.direction}>
      <span className="visually-hidden">{sentence}</span>
      <span aria-hidden="true">
        {change.direction === 'none' ? (
          <span className={styles.changeRest}>{S.changeNoBase}</span>
        ) : change.direction === 'same' ? (
          <>
            {ARROWS.same} {S.changeSame} <span className={styles.changeRest}>{S.vsPrevious}</span>
          </>
        ) : (
          <>
            {ARROWS[change.direction]} {change.amount} <span className={styles.changeRest}>{S.vsPrevious}</span>
          </>
        )}
      </span>
    </p>
  );
}
