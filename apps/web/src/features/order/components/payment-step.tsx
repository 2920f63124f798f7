'use client';

import type { FullCalculatorResponse, PricesTermsResponse } from '@freight/contracts/pricing';
import { formatRub } from '@freight/domain/money';
import { ORDER_TEXTS } from '@freight/domain/texts/order';
import { PAYMENT_TYPES, type PaymentType, type ServicesState } from '@freight/domain/order-draft';
import { SHIPMENT_INPUT_DECIMALS as DECIMALS } from '@freight/domain/shipment/limits';
import { Spinner, TextInput } from '@/components/ui';
import { Checkbox } from '@/components/ui/checkbox';
import { ChoiceGroup, DraftNumberInput, FieldError } from './controls';
import type { StepProps } from './step-props';
import type { RemoteState } from '../lib/use-remote';
import styles from './order.module.css';

const T = ORDER_TEXTS;

export interface PricesState {
  data: PricesTermsResponse | null;
  loading: boolean;
  error: string | null;
}

export function PaymentStep({
  draft,
  dispatch,
  errors,
  prices,
  promoCheck = null,
}: StepProps & {
  prices: PricesState;
  /** The full calculation with the typed promo code (null until one is typed). */
  promoCheck?: RemoteState<FullCalculatorResponse> | null;
}) {
  // The answer for what is typed now: a check still on its way says nothing yet. A refusal is
  // one sentence under the field (issue 21); «Далее» stays on this step until it is fixed or erased.
  const checking = draft.promocode !== '' && (promoCheck?.loading ?? false);
  const checked = promoCheck && !promoCheck.loading ? promoCheck.data : null;
  const promoLine = checked?.lines.find((line) => line.code === 'promocode');
  const promoError = errors['promocode'] ?? checked?.promocode_error ?? undefined;
  const promoHint = promoError
    ? undefined
    : checking
      ? T.promoChecking
      : promoLine
        ? T.promoApplied(formatRub(-promoLine.amount_kopecks))
        : undefined;
  const s = draft.services;
  const d = draft.destination;
  const services = (patch: Partial<ServicesState>) => dispatch({ type: 'services/update', patch });
  return (
    <div className={styles.stack}>
      <section className={styles.panel} aria-labelledby="transport-title">
        <h3 id="transport-title" className={styles.panelTitle}>
          {T.transportation}
        </h3>
        {prices.loading && !prices.data ? (
          <div className={styles.loadingRow}>
            <Spinner size="small" /> {T.pricesLoading}
          </div>
        ) : prices.error && !prices.data ? (
          <FieldError>{prices.error}</FieldError>
        ) : prices.data ? (
          <>
            <ChoiceGroup<string>
              legend={T.transportationChoose}
              hideLegend
              name="transportation"
              layout="list"
              value={draft.transportationType}
              error={errors['transportationType']}
              onChange={(id) => dispatch({ type: 'transportation/select', id })}
              options={[
                ...prices.data.prices.map((price) => ({
                  value: price.transportation_type.code,
                  label: (
                    <span className={styles.priceOption}>
                      <span>{price.transportation_type.name}</span>
                      <span className={styles.priceValue}>{price.price_text}</span>
                    </span>
                  ),
                  description: T.transportTerms(price.terms, price.arrival_date_text),
                })),
                ...prices.data.unavailable.map((u) => ({
                  value: u.code,
                  label: u.name,
                  description: u.reason,
                  disabled: true,
                })),
              ]}
            />
            <p className={styles.hint}>{T.pricesNote}</p>
          </>
        ) : (
          <FieldError>{errors['transportationType']}</FieldError>
        )}
      </section>

      <section className={styles.panel} aria-labelledby="services-title">
        <h3 id="services-title" className={styles.panelTitle}>
          {T.services}
        </h3>
        <DraftNumberInput
          label={T.declaredValue}
          name="declaredValue"
          decimals={DECIMALS.declaredValue}
          value={s.declaredValue}
          error={errors['services.declaredValue']}
          containerClassName={styles.narrow}
          onNumber={(declaredValue) => services({ declaredValue })}
        />
        <p className={styles.hint}>{T.declaredValueHint}</p>
        <Checkbox
          label={T.fragile}
          description={T.fragileHint}
          checked={s.fragile}
          onCheckedChange={(fragile) => services({ fragile })}
        />
        <Checkbox
          label={T.crate}
          description={T.crateHint}
          checked={s.crate}
          onCheckedChange={(crate) => services({ crate })}
        />
        {d.departure_type === 'address' ? (
          <DoorServices
            title={T.loadingAtPickup}
            loading={s.departureLoading}
            floor={s.departureFloor}
            lift={s.departureLift}
            km={s.departureKm}
            onChange={(patch) =>
              services({
                ...(patch.loading !== undefined ? { departureLoading: patch.loading } : {}),
                ...(patch.floor !== undefined ? { departureFloor: patch.floor } : {}),
                ...(patch.lift !== undefined ? { departureLift: patch.lift } : {}),
                ...(patch.km !== undefined ? { departureKm: patch.km } : {}),
              })
            }
          />
        ) : null}
        {d.delivery_type === 'address' ? (
          <DoorServices
            title={T.loadingAtDelivery}
            loading={s.deliveryLoading}
            floor={s.deliveryFloor}
            lift={s.deliveryLift}
            km={s.deliveryKm}
            onChange={(patch) =>
              services({
                ...(patch.loading !== undefined ? { deliveryLoading: patch.loading } : {}),
                ...(patch.floor !== undefined ? { deliveryFloor: patch.floor } : {}),
                ...(patch.lift !== undefined ? { deliveryLift: patch.lift } : {}),
                ...(patch.km !== undefined ? { deliveryKm: patch.km } : {}),
              })
            }
          />
        ) : null}
      </section>

      <section className={styles.panel} aria-labelledby="payment-title">
        <h3 id="payment-title" className={styles.panelTitle}>
          {T.payment}
        </h3>
        <ChoiceGroup<PaymentType>
          legend={T.paymentType}
          hideLegend
          name="paymentType"
          layout="cards"
          options={PAYMENT_TYPES}
          value={draft.paymentType}
          error={errors['paymentType']}
          onChange={(paymentType) => dispatch({ type: 'payment/select', paymentType })}
        />
        <TextInput
          label={T.promocode}
          name="promocode"
          autoComplete="off"
          value={draft.promocode}
          error={promoError}
          hint={promoHint}
          containerClassName={styles.narrow}
          onValueChange={(value) => dispatch({ type: 'promocode/set', value })}
        />
        {/* The check answers a moment after typing: screen readers hear it without leaving the field. */}
        <p className="visually-hidden" role="status">
          {checking ? '' : (promoError ?? promoHint ?? '')}
        </p>
      </section>
    </div>
  );
}

function DoorServices({
  title,
  loading,
  floor,
  lift,
  km,
  onChange,
}: {
  title: string;
  loading: boolean;
  floor: number;
  lift: boolean;
  km: number;
  onChange: (patch: { loading?: boolean; floor?: number; lift?: boolean; km?: number }) => void;
}) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{title}</legend>
      <Checkbox label={T.loadingNeeded} checked={loading} onCheckedChange={(value) => onChange({ loading: value })} />
      {loading ? (
        <div className={styles.grid2}>
          <DraftNumberInput
            label={T.floor}
            decimals={DECIMALS.floor}
            required
            value={floor}
            clearable={false}
            onNumber={(value) => onChange({ floor: value ?? 1 })}
          />
          <div className={styles.alignEnd}>
            <Checkbox label={T.lift} checked={lift} onCheckedChange={(value) => onChange({ lift: value })} />
          </div>
        </div>
      ) : null}
      <DraftNumberInput
        label={T.kmOutside}
        decimals={DECIMALS.km}
        required
        value={km}
        clearable={false}
        containerClassName={styles.narrow}
        onNumber={(value) => onChange({ km: value ?? 0 })}
      />
    </fieldset>
  );
}
