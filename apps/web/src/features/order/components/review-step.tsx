'use client';

import type { FullCalculatorResponse } from '@freight/contracts/pricing';
import { formatLongDate } from '@freight/domain/dates';
import { ORDER_TEXTS } from '@freight/domain/texts/order';
import { ORDER_DRAFT_TEXTS } from '@freight/domain/texts/order-draft';
import { PLURAL_TEXTS } from '@freight/domain/texts/plural';
import { formatNumber, formatRub } from '@freight/domain/money';
import {
  PARTICIPANT_ROLES,
  PARTICIPANT_TYPES,
  PAYMENT_TYPES,
  participantType,
  participantsToFill,
  type OrderStep,
  type TimeBlock,
} from '@freight/domain/order-draft';
import { formatPhone } from '@freight/domain/phone';
import { acceptsSms } from '@freight/domain/sms-policy';
import { formatCount } from '@freight/domain/plural';
import { ShallowLink } from './shallow-link';
import type { ReactNode } from 'react';
import { Button, Spinner } from '@/components/ui';
import type { CargoTypeOption, PackageOption, SignedInUser } from '../api/order-api';
import { stepHref } from '../lib/steps';
import { ConsentCheckbox } from '@/components/consent/consent-checkbox';
import { FieldError } from './controls';
import type { StepProps } from './step-props';
import styles from './order.module.css';

const T = ORDER_TEXTS;

export interface CalculationState {
  data: FullCalculatorResponse | null;
  loading: boolean;
  error: string | null;
}

const labelOf = <V extends string>(list: readonly { value: V; label: string }[], value: V) =>
  list.find((item) => item.value === value)?.label ?? value;

export function describeWindow(block: TimeBlock): string {
  if (!block.date) return T.notChosen;
  const parts = [formatLongDate(block.date)];
  if (block.timeFrom && block.timeTo) parts.push(T.windowText(block.timeFrom, block.timeTo));
  if (block.breakFrom && block.breakTo) parts.push(T.breakText(block.breakFrom, block.breakTo));
  return parts.join(', ');
}

function Section({ title, step, children }: { title: string; step: OrderStep; children: ReactNode }) {
  return (
    <section className={styles.reviewSection} aria-label={title}>
      <div className={styles.reviewHead}>
        <h3 className={styles.panelTitle}>{title}</h3>
        <ShallowLink href={stepHref(step)} className={styles.editLink} aria-label={T.editStep(title)}>
          {T.edit}
        </ShallowLink>
      </div>
      <dl className={styles.reviewList}>{children}</dl>
    </section>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={styles.reviewRow}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * Where the confirmation will go, as the API decides it (decision 010): an SMS only to the
 * verified account's own mobile phone; else a mail to the account's or the sender's address;
 * else only the done page.
 */
function confirmationNote(draft: StepProps['draft'], account: SignedInUser | null): string {
  if (account?.phone && acceptsSms(account.phone)) return T.confirmationBySms(formatPhone(account.phone));
  const email = account?.email ?? (draft.contacts.sender.email.trim() || null);
  return email ? T.confirmationByEmail(email) : T.confirmationOnScreen;
}

export function ReviewStep({
  draft,
  dispatch,
  errors,
  calculation,
  packages,
  cargoTypes,
  submitError,
  account = null,
}: StepProps & {
  calculation: CalculationState;
  packages: PackageOption[] | null;
  cargoTypes: CargoTypeOption[] | null;
  submitError: string | null;
  /** The signed-in verified user, or null (anonymous). */
  account?: SignedInUser | null;
}) {
  // A code refused by the server on «Оформить заявку», or by the price of the draft as it is now
  // (the cargo changed since the payment step): said at the code's line, with a way to remove it.
  const promoRefusal =
    errors['promocode'] ?? (calculation.loading ? null : (calculation.data?.promocode_error ?? null));
  const d = draft.destination;
  const c = draft.cargo;
  const s = draft.services;
  const point = (side: 'departure' | 'delivery') => {
    const type = side === 'departure' ? d.departure_type : d.delivery_type;
    if (type === 'address') return side === 'departure' ? d.departure_address : d.delivery_address;
    const subdivision = side === 'departure' ? d.subdivision_departure : d.subdivision_delivery;
    return subdivision ? T.atTerminal(subdivision.name) : T.anyTerminal;
  };
  const extras = [
    s.declaredValue ? T.declaredValueText(formatRub(Math.round(s.declaredValue * 100))) : null,
    s.fragile ? T.fragile : null,
    s.crate ? T.crate : null,
    d.departure_type === 'address' && s.departureLoading
      ? T.loadingAtPickupText(s.departureFloor, s.departureLift)
      : null,
    d.delivery_type === 'address' && s.deliveryLoading
      ? T.loadingAtDeliveryText(s.deliveryFloor, s.deliveryLift)
      : null,
  ].filter((x): x is string => x !== null);

  return (
    <div className={styles.stack}>
      <Section title={ORDER_DRAFT_TEXTS.stepRoute} step="route">
        <Row term={T.from}>
          {d.city_departure?.name ?? T.notChosen}, {point('departure')}
        </Row>
        <Row term={T.to}>
          {d.city_delivery?.name ?? T.notChosen}, {point('delivery')}
        </Row>
      </Section>
      <Section title={ORDER_DRAFT_TEXTS.stepCargo} step="cargo">
        <Row term={T.cargoMeasures}>
          {formatCount(c.quantity, PLURAL_TEXTS.place)}
          {c.weight !== null ? `, ${formatNumber(c.weight)} ${T.kg}` : ''}
          {c.volume !== null ? `, ${formatNumber(c.volume, 3)} ${T.m3}` : ''}
          {c.length && c.width && c.height ? `, ${T.dimsText(c.length, c.width, c.height)}` : ''}
        </Row>
        <Row term={T.cargoType}>
          {cargoTypes?.find((t) => t.code === draft.cargoType)?.name ?? draft.cargoType ?? T.notChosen}
        </Row>
        {draft.packageItems.length > 0 ? (
          <Row term={T.packaging}>
            {draft.packageItems
              .map((item) => `${packages?.find((p) => p.code === item.id)?.name ?? item.id} × ${item.quantity}`)
              .join(', ')}
          </Row>
        ) : null}
      </Section>
      <Section title={ORDER_DRAFT_TEXTS.stepTime} step="time">
        <Row term={d.departure_type === 'address' ? T.pickupTitle : T.dropoffTitle}>
          {describeWindow(draft.time.departure)}
        </Row>
        <Row term={d.delivery_type === 'address' ? T.deliveryTitle : T.releaseTitle}>
          {draft.time.isDeliveryDateChosen ? describeWindow(draft.time.delivery) : T.deliveryByTerms}
        </Row>
      </Section>
      <Section title={ORDER_DRAFT_TEXTS.stepParticipants} step="participants">
        {participantsToFill(draft).map((key) => {
          const details = draft.contacts[key];
          const type = labelOf(PARTICIPANT_TYPES, participantType(draft, key));
          return (
            <Row key={key} term={T.participantTitle[key]}>
              {details.name || T.notChosen} ({type.toLowerCase()}){details.inn ? `, ${T.innShort} ${details.inn}` : ''}
              {details.kpp ? `, ${T.kppShort} ${details.kpp}` : ''}
              <br />
              {formatPhone(details.phone)}
              {details.email ? `, ${details.email}` : ''}
            </Row>
          );
        })}
        {draft.participants.payer !== 'third_party' ? (
          <Row term={T.payer}>{labelOf(PARTICIPANT_ROLES, draft.participants.payer)}</Row>
        ) : null}
        {draft.participants.customer !== 'third_party' ? (
          <Row term={T.customer}>{labelOf(PARTICIPANT_ROLES, draft.participants.customer)}</Row>
        ) : null}
      </Section>
      <Section title={ORDER_DRAFT_TEXTS.stepPayment} step="payment">
        <Row term={T.transportation}>
          {calculation.data?.transportation_type.name ?? draft.transportationType ?? T.notChosen}
        </Row>
        <Row term={T.services}>{extras.length > 0 ? extras.join('; ') : T.noServices}</Row>
        <Row term={T.paymentType}>{labelOf(PAYMENT_TYPES, draft.paymentType)}</Row>
        {draft.promocode ? (
          <Row term={T.promocode}>
            {draft.promocode}
            {promoRefusal ? (
              <>
                <span id="promo-refusal" className={styles.promoRefusal}>
                  {promoRefusal}
                </span>
                <Button
                  appearance="link"
                  data-invalid-focus
                  aria-describedby="promo-refusal"
                  onClick={() => dispatch({ type: 'promocode/set', value: '' })}
                >
                  {T.promoRemove}
                </Button>
              </>
            ) : null}
          </Row>
        ) : null}
      </Section>

      <section className={styles.pricePanel} aria-labelledby="price-title" aria-busy={calculation.loading || undefined}>
        <h3 id="price-title" className={styles.panelTitle}>
          {T.priceTitle}
        </h3>
        {calculation.data ? (
          <>
            <ul className={styles.priceLines}>
              {calculation.data.lines.map((line) => (
                <li key={line.code} className={styles.priceLine}>
                  <span>
                    {line.title}
                    {line.explanation ? <span className={styles.choiceDescription}>{line.explanation}</span> : null}
                  </span>
                  <span className={styles.lineAmount}>{formatRub(line.amount_kopecks)}</span>
                </li>
              ))}
            </ul>
            <p className={styles.total}>
              <span>{T.total}</span>
              <strong data-testid="order-total">{calculation.data.total_text}</strong>
            </p>
            <p className={styles.hint}>
              {calculation.data.vat_included ? T.vatIncluded(formatRub(calculation.data.vat_kopecks)) : null}{' '}
              <span data-testid="review-arrival">
                {T.arrivalLine(calculation.data.terms, calculation.data.arrival_date_text)}
              </span>
            </p>
            {/* Why the date is later than the calculator's (a later pick-up or delivery date), issue 21. */}
            {calculation.data.arrival_note ? (
              <p className={styles.hint} data-testid="arrival-note">
                {calculation.data.arrival_note}
              </p>
            ) : null}
          </>
        ) : calculation.loading ? (
          <div className={styles.loadingRow}>
            <Spinner size="small" /> {T.priceLoading}
          </div>
        ) : (
          <FieldError>{calculation.error ?? T.priceUnavailable}</FieldError>
        )}
      </section>
      {submitError ? <FieldError>{submitError}</FieldError> : null}
      {/* The personal-data consent: its own box, unticked by default, before «Оформить заявку» (152-FZ). */}
      <ConsentCheckbox
        name="consent"
        suffix={T.consentSuffix}
        checked={draft.consent}
        onCheckedChange={(value) => dispatch({ type: 'consent/set', value })}
        error={errors['consent']}
      />
      <p className={styles.hint} data-testid="confirmation-note">
        {confirmationNote(draft, account)}
      </p>
      <p className={styles.hint}>{T.submitNote}</p>
    </div>
  );
}
