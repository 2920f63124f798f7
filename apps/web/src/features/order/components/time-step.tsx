'use client';

import { formatLongDate } from '@freight/domain/dates';
import { ORDER_TEXTS } from '@freight/domain/texts/order';
import type { TimeBlock } from '@freight/domain/order-draft';
import { clsx } from 'clsx';
import { useId } from 'react';
import { breakOptions, formatDateChip, windowEndOptions, windowStartOptions } from '../lib/schedule';
import { Checkbox } from '@/components/ui/checkbox';
import { Select } from '@/components/ui/select';
import type { StepProps } from './step-props';
import styles from './order.module.css';

const T = ORDER_TEXTS;

export interface TimeContext {
  /** Today in the departure city, ISO. */
  today: string;
  /** Minutes since midnight now, in the departure city. */
  nowMinutes: number;
  departureDates: string[];
  /** Working days from the planned arrival on; empty while the arrival is unknown. */
  deliveryDates: string[];
  /** «12 марта 2026 г.» of the planned arrival for the chosen pick-up date, when known. */
  arrivalText: string | null;
  /** Why that arrival is later than the calculator's (a later pick-up), or null. */
  arrivalNote?: string | null;
}

export function TimeStep({ draft, dispatch, errors, context }: StepProps & { context: TimeContext }) {
  const { departure, delivery, isDeliveryDateChosen } = draft.time;
  const departureDoor = draft.destination.departure_type === 'address';
  const deliveryDoor = draft.destination.delivery_type === 'address';
  return (
    <div className={styles.stack}>
      <section className={styles.panel} aria-labelledby="time-departure">
        <h3 id="time-departure" className={styles.panelTitle}>
          {departureDoor ? T.pickupTitle : T.dropoffTitle}
        </h3>
        <p className={styles.hint}>{departureDoor ? T.pickupHint : T.dropoffHint}</p>
        <BlockFields
          block="departure"
          value={departure}
          dates={context.departureDates}
          context={context}
          errors={errors}
          dispatch={dispatch}
          dateLegend={departureDoor ? T.pickupDate : T.dropoffDate}
          windowLegend={departureDoor ? T.pickupWindow : T.dropoffWindow}
        />
      </section>
      <section className={styles.panel} aria-labelledby="time-delivery">
        <h3 id="time-delivery" className={styles.panelTitle}>
          {deliveryDoor ? T.deliveryTitle : T.releaseTitle}
        </h3>
        <p className={styles.hint} data-testid="planned-arrival">
          {context.arrivalText ? T.plannedArrival(context.arrivalText) : T.plannedArrivalUnknown}
        </p>
        {context.arrivalNote ? (
          <p className={styles.hint} data-testid="arrival-note">
            {context.arrivalNote}
          </p>
        ) : null}
        <Checkbox
          label={deliveryDoor ? T.chooseDeliveryDate : T.chooseReleaseDate}
          description={deliveryDoor ? T.chooseDeliveryDateHint : T.chooseReleaseDateHint}
          checked={isDeliveryDateChosen}
          onCheckedChange={(checked) => {
            if (!checked) {
              dispatch({
                type: 'time/update',
                block: 'delivery',
                patch: { date: null, timeFrom: null, timeTo: null, breakFrom: null, breakTo: null },
              });
            }
            dispatch({ type: 'time/setDeliveryDateChosen', value: checked });
          }}
        />
        {isDeliveryDateChosen ? (
          <BlockFields
            block="delivery"
            value={delivery}
            dates={context.deliveryDates}
            context={context}
            errors={errors}
            dispatch={dispatch}
            dateLegend={T.deliveryDate}
            windowLegend={deliveryDoor ? T.deliveryWindow : T.releaseWindow}
          />
        ) : null}
      </section>
    </div>
  );
}

function BlockFields({
  block,
  value,
  dates,
  context,
  errors,
  dispatch,
  dateLegend,
  windowLegend,
}: {
  block: 'departure' | 'delivery';
  value: TimeBlock;
  dates: string[];
  context: TimeContext;
  errors: Record<string, string>;
  dispatch: StepProps['dispatch'];
  dateLegend: string;
  windowLegend: string;
}) {
  const id = useId();
  const prefix = `time.${block}`;
  const update = (patch: Partial<TimeBlock>) => dispatch({ type: 'time/update', block, patch });
  const starts = windowStartOptions(value.date, context.today, context.nowMinutes);
  const ends = windowEndOptions(value.timeFrom);
  const breaks = breakOptions(value.timeFrom, value.timeTo);
  const hasBreak = value.breakFrom !== null || value.breakTo !== null;
  const dateError = errors[`${prefix}.date`];
  // A date chosen earlier that is no longer offered (the days moved on) stays visible, marked by its error.
  const shownDates = value.date && !dates.includes(value.date) ? [value.date, ...dates] : dates;

  return (
    <div className={styles.stack}>
      <fieldset
        className={styles.fieldset}
        aria-invalid={dateError ? true : undefined}
        aria-describedby={dateError ? `${id}-date-error` : undefined}
      >
        <legend className={styles.legend}>{dateLegend}</legend>
        {shownDates.length === 0 ? (
          <p className={styles.hint}>{T.datesUnavailable}</p>
        ) : (
          <div className={styles.dateChips}>
            {shownDates.map((date) => {
              const chip = formatDateChip(date);
              return (
                <label
                  key={date}
                  className={clsx(styles.dateChip, dateError && value.date === date && styles.choiceInvalid)}
                >
                  <input
                    type="radio"
                    className={styles.radio}
                    name={`${block}-date`}
                    value={date}
                    checked={value.date === date}
                    aria-label={formatLongDate(date)}
                    onChange={() => {
                      const patch: Partial<TimeBlock> = { date };
                      // A start that is no longer possible on the new day is dropped.
                      const validStarts = windowStartOptions(date, context.today, context.nowMinutes);
                      if (value.timeFrom && !validStarts.includes(value.timeFrom)) {
                        Object.assign(patch, { timeFrom: null, timeTo: null, breakFrom: null, breakTo: null });
                      }
                      update(patch);
                    }}
                  />
                  <span className={styles.dateWeekday} aria-hidden="true">
                    {chip.weekday}
                  </span>
                  <span className={styles.dateDay} aria-hidden="true">
                    {chip.day}
                  </span>
                </label>
              );
            })}
          </div>
        )}
        {dateError ? (
          <p id={`${id}-date-error`} className={styles.error}>
            {dateError}
          </p>
        ) : null}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{windowLegend}</legend>
        <div className={styles.grid2}>
          <Select
            id={`${id}-from`}
            label={T.timeFrom}
            value={value.timeFrom ?? ''}
            placeholder={T.timePlaceholder}
            options={starts.map((t) => ({ value: t, label: t }))}
            error={errors[`${prefix}.timeFrom`]}
            onValueChange={(v) => {
              const timeFrom = v || null;
              const patch: Partial<TimeBlock> = { timeFrom };
              if (value.timeTo && timeFrom && !windowEndOptions(timeFrom).includes(value.timeTo)) patch.timeTo = null;
              patch.breakFrom = null;
              patch.breakTo = null;
              update(patch);
            }}
          />
          <Select
            id={`${id}-to`}
            label={T.timeTo}
            value={value.timeTo ?? ''}
            placeholder={T.timePlaceholder}
            options={ends.map((t) => ({ value: t, label: t }))}
            error={errors[`${prefix}.timeTo`]}
            onValueChange={(v) => update({ timeTo: v || null, breakFrom: null, breakTo: null })}
          />
        </div>
        <p className={styles.hint}>{T.windowHint}</p>
      </fieldset>
      {value.timeFrom && value.timeTo && breaks.starts.length > 0 ? (
        <>
          <Checkbox
            label={T.hasBreak}
            checked={hasBreak}
            onCheckedChange={(checked) =>
              update(
                checked
                  ? { breakFrom: breaks.starts[0] ?? null, breakTo: breaks.ends[0] ?? null }
                  : { breakFrom: null, breakTo: null },
              )
            }
          />
          {hasBreak ? (
            <div className={styles.grid2}>
              <Select
                id={`${id}-break-from`}
                label={T.breakFrom}
                value={value.breakFrom ?? ''}
                placeholder={T.timePlaceholder}
                options={breaks.starts.map((t) => ({ value: t, label: t }))}
                error={errors[`${prefix}.breakFrom`]}
                onValueChange={(v) => update({ breakFrom: v || null })}
              />
              <Select
                id={`${id}-break-to`}
                label={T.breakTo}
                value={value.breakTo ?? ''}
                placeholder={T.timePlaceholder}
                options={breaks.ends.map((t) => ({ value: t, label: t }))}
                error={errors[`${prefix}.breakTo`]}
                onValueChange={(v) => update({ breakTo: v || null })}
              />
            </div>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
