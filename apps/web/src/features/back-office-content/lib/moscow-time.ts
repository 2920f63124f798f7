import { DEFAULT_TIME_ZONE } from '@freight/domain/constants';

/*
 * Date-and-time fields of the back-office are Moscow time (the carrier's head office), whatever
 * the editor's computer says, so the server's first render and the browser agree. Moscow keeps
 * UTC+3 all year (no daylight saving since 2014).
 */

const MOSCOW_OFFSET = '+03:00';

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: DEFAULT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as a `datetime-local` value in Moscow time: `2026-03-03T10:00`; '' for none. */
export function toMoscowInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const get = (type: string) => parts.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

/** A `datetime-local` value read as Moscow time → ISO 8601 with the offset; null for ''. */
export function fromMoscowInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  return `${value}:00${MOSCOW_OFFSET}`;
}

/** A date (`2026-03-03`) as the first or the last second of that day in Moscow, ISO with the offset. */
export function moscowDayBound(date: string, end: 'start' | 'end'): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  return `${date}T${end === 'start' ? '00:00:00' : '23:59:59'}${MOSCOW_OFFSET}`;
}
