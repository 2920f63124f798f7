'use client';

import {
  draftFromCalculatorQuery,
  draftToCalculatorRequest,
  draftToPricesTermsQuery,
  hasCalculatorQuery,
} from '@freight/domain/shipment/query';
import type { FullCalculatorResponse, PricesTermsResponse } from '@freight/contracts/pricing';
import { DEFAULT_TIME_ZONE } from '@freight/domain/constants';
import { addCalendarDays, toIsoDate } from '@freight/domain/dates';
import { ORDER_WIZARD_TEXTS } from '@freight/domain/texts/order-wizard';
import { PLURAL_TEXTS } from '@freight/domain/texts/plural';
import { formatNumber } from '@freight/domain/money';
import { ORDER_STEPS, ORDER_STEP_VALUES, type OrderDraft, type OrderStep } from '@freight/domain/order-draft';
import { firstInvalidStep, validateOrderDraft } from '@freight/domain/order-draft-validation';
import { formatPhone } from '@freight/domain/phone';
import { formatCount } from '@freight/domain/plural';
import { Link } from '@/components/ui/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { lazy, memo, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Spinner } from '@/components/ui';
import { ApiError } from '@/lib/api/client';
import {
  loadSignedInUser,
  orderApi,
  type CargoTypeOption,
  type PackageOption,
  type SignedInUser,
} from '../api/order-api';
import { clearSubmitKey, submitKeyFor } from '../lib/draft-storage';
import { stashCreated } from '../lib/created-stash';
import { draftArrival, pricesForDraft } from '../lib/arrival';
import { departureDateOptions, deliveryDateOptions, minutesOfDay } from '../lib/schedule';
import {
  doneHref,
  firstStepOfFields,
  nextStep,
  parseStep,
  previousStep,
  signInHref,
  stepHref,
  stepIndex,
} from '../lib/steps';
import { useOrderDraft, type DraftSaveState, type InitialDraft } from '../lib/use-order-draft';
import { ShallowLink, showStep } from './shallow-link';
import { useRemote, type RemoteState } from '../lib/use-remote';
import type { StepProps } from './step-props';
import type { TimeContext } from './time-step';
import styles from './order.module.css';

const T = ORDER_WIZARD_TEXTS;

/*
 * Each step is its own chunk, loaded on demand (issue #9 budget: the wizard with every step in the
 * first-load JavaScript was far over 40 KB). The page shows «Загружаем черновик» until the draft
 * is restored anyway; the asked step starts loading at mount, the next one once a step is shown.
 */
const STEP_MODULES = {
  route: () => import('./route-step'),
  cargo: () => import('./cargo-step'),
  time: () => import('./time-step'),
  participants: () => import('./participants-step'),
  payment: () => import('./payment-step'),
  review: () => import('./review-step'),
} satisfies Record<OrderStep, () => Promise<unknown>>;

function preloadStep(step: OrderStep): void {
  void STEP_MODULES[step]().catch(() => undefined);
}

const RouteStep = lazy(() => STEP_MODULES.route().then((m) => ({ default: m.RouteStep })));
const CargoStep = lazy(() => STEP_MODULES.cargo().then((m) => ({ default: m.CargoStep })));
const TimeStep = lazy(() => STEP_MODULES.time().then((m) => ({ default: m.TimeStep })));
const ParticipantsStep = lazy(() => STEP_MODULES.participants().then((m) => ({ default: m.ParticipantsStep })));
const PaymentStep = lazy(() => STEP_MODULES.payment().then((m) => ({ default: m.PaymentStep })));
const ReviewStep = lazy(() => STEP_MODULES.review().then((m) => ({ default: m.ReviewStep })));

interface Clock {
  now: number;
}

const NO_ERRORS: Record<string, string> = {};

/** The summary's line on the draft's server copy (empty while there is nothing to save). */
const DRAFT_STATE_TEXT: Record<DraftSaveState, string> = {
  idle: '',
  saving: T.draftSaving,
  saved: T.draftSaved,
  failed: T.draftLocalOnly,
};

interface StepBodyProps extends StepProps {
  step: OrderStep;
  packages: PackageOption[] | null;
  cargoTypes: CargoTypeOption[] | null;
  timeContext: TimeContext | null;
  signedIn: boolean;
  /** The signed-in verified user (where the review step says the confirmation goes), else null. */
  account: SignedInUser | null;
  prices: RemoteState<PricesTermsResponse> | null;
  calculation: RemoteState<FullCalculatorResponse> | null;
  submitError: string | null;
  /**
   * Whether the step waits inside a Suspense boundary (with «Загрузка…») while its chunk loads.
   * Not when the server rendered the step: React's server renderer would outline the boundary
   * (the step sent later in the stream, hidden until a script reveals it: nothing shown without
   * JavaScript, and the footer pushed down when it appeared). Steps after it are reached by
   * history.pushState, which Next's router applies in a transition: React keeps the shown step
   * until the next one's chunk is there (it is preloaded while the step is shown).
   */
  boundary: boolean;
}

/**
 * The current step's form. Memoised: the step is server-rendered and hydrates when its chunk
 * arrives; until then the wizard's own updates (the saved copies compared, the user known) must
 * not reach it, or React would render it afresh and drop what was already typed into it.
 */
const StepBody = memo(function StepBody({
  step,
  draft,
  dispatch,
  errors,
  packages,
  cargoTypes,
  timeContext,
  signedIn,
  account,
  prices,
  calculation,
  submitError,
  boundary,
}: StepBodyProps) {
  const stepProps = { draft, dispatch, errors };
  const body = (
    <>
      {step === 'route' ? <RouteStep {...stepProps} /> : null}
      {step === 'cargo' ? <CargoStep {...stepProps} packages={packages} cargoTypes={cargoTypes} /> : null}
      {step === 'time' && timeContext ? <TimeStep {...stepProps} context={timeContext} /> : null}
      {step === 'participants' ? (
        <ParticipantsStep {...stepProps} signedIn={signedIn} signInHref={signInHref('participants')} />
      ) : null}
      {step === 'payment' && prices ? <PaymentStep {...stepProps} prices={prices} promoCheck={calculation} /> : null}
      {step === 'review' && calculation ? (
        <ReviewStep
          {...stepProps}
          calculation={calculation}
          packages={packages}
          cargoTypes={cargoTypes}
          submitError={submitError}
          account={account}
        />
      ) : null}
    </>
  );
  if (!boundary) return body;
  return (
    <Suspense
      fallback={
        <div className={styles.stepLoading} role="status">
          <Spinner /> <span>{T.loading}</span>
        </div>
      }
    >
      {body}
    </Suspense>
  );
});

/**
 * The order wizard of issue 7: the step is `?step=` in the URL, the draft is saved as it changes.
 * `initial` is the saved draft the server read while rendering the page (null when it could not):
 * with it the asked step is rendered on the server and shown before any script runs — unless that
 * copy was saved without the personal-data consent, whose participants and door addresses only
 * this browser holds (useOrderDraft waits for them). Work the first step does not need (the
 * catalogue, the clock and its time-zone formatters) waits for the step that does, so the page
 * settles with as little main-thread work as possible. The summary says where the draft's server
 * copy stands (`saveState`, also as `data-draft-state` on the wizard).
 */
export function OrderWizard({
  initial = null,
  initialUser,
}: {
  initial?: InitialDraft | null;
  /** The signed-in verified user as the server render saw them; null: anonymous; undefined: unknown. */
  initialUser?: SignedInUser | null;
}) {
  const params = useSearchParams();
  const router = useRouter();
  const { draft, dispatch, ready, settled, saveState, clear } = useOrderDraft(initial);
  // The server rendered the step (the draft was ready on the first render): see StepBody's `boundary`.
  const [stepRenderedByServer] = useState(() => ready && !hasCalculatorQuery(new URLSearchParams(params.toString())));
  const [user, setUser] = useState<SignedInUser | null>(initialUser ?? null);
  const [clock, setClock] = useState<Clock | null>(null);
  const [catalog, setCatalog] = useState<{ packages: PackageOption[] | null; cargoTypes: CargoTypeOption[] | null }>({
    packages: null,
    cargoTypes: null,
  });
  const [attempted, setAttempted] = useState<ReadonlySet<OrderStep>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<{ draft: OrderDraft; fields: Record<string, string> } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ target: 'heading' | 'invalid'; n: number }>({
    target: 'heading',
    n: 0,
  });
  const submittingRef = useRef(false);
  const handOverDone = useRef(false);
  const prefillDone = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const search = params.toString();
  // Pending until the URL no longer carries calculator params (the hand-over replaces it).
  const handOverRequested = hasCalculatorQuery(new URLSearchParams(search));
  const handOverPending = settled && handOverRequested;

  // Who is here: told by the server render; asked here only when the server could not say.
  useEffect(() => {
    if (initialUser !== undefined) return;
    let cancelled = false;
    void loadSignedInUser().then((found) => {
      if (!cancelled) setUser(found);
    });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at mount
  }, []);

  // Prices and terms of the route (transport choice, planned arrival, summary).
  const pricesQuery = ready ? draftToPricesTermsQuery(draft) : null;
  const prices = useRemote(pricesQuery?.toString() ?? null, (signal) => orderApi.pricesTerms(pricesQuery!, signal));
  const timeZone = prices.data?.city_from.timezone ?? DEFAULT_TIME_ZONE;
  const requested = parseStep(params.get('step')) ?? 'route';
  // Dates matter from the time step on; before it the wizard does not touch the time-zone
  // formatters at all (their first use costs ≈ 40 ms of main thread on a slow phone).
  const needsDates = stepIndex(requested) >= stepIndex('time');
  const today = clock && needsDates ? (toIsoDate(clock.now, timeZone) ?? null) : null;
  const validation = today ? { today } : {};

  const furthest = ready ? (firstInvalidStep(draft, validation) ?? 'review') : 'route';
  const step: OrderStep = stepIndex(requested) > stepIndex(furthest) ? furthest : requested;

  // The catalogue (cargo and review steps) is loaded on the way there, once.
  const needsCatalog = stepIndex(step) >= stepIndex('cargo');
  const catalogRequested = useRef(false);
  useEffect(() => {
    if (!needsCatalog || catalogRequested.current) return;
    catalogRequested.current = true;
    void Promise.all([orderApi.packages().catch(() => []), orderApi.cargoTypes().catch(() => [])]).then(
      ([packages, cargoTypes]) => setCatalog({ packages, cargoTypes }),
    );
  }, [needsCatalog]);

  // The clock (refreshed every minute: dates and windows depend on it), from the time step on.
  useEffect(() => {
    if (!needsDates) return;
    const tick = () => setClock({ now: Date.now() });
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 60_000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [needsDates]);

  // The asked step's code loads while the draft is being restored; the next step's once this one shows.
  useEffect(() => {
    preloadStep(requested);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at mount
  }, []);
  useEffect(() => {
    if (!ready) return;
    preloadStep(step);
    const upcoming = nextStep(step);
    if (upcoming) preloadStep(upcoming);
  }, [ready, step]);

  // The full price is asked on the review step, and on the payment step once a promo code is
  // typed: whether it applies is said under the field where it is typed (issue 21).
  const promoTyped = draft.promocode.trim() !== '';
  const wantsCalculation = ready && (step === 'review' || (step === 'payment' && promoTyped));
  const calculationBody = wantsCalculation ? draftToCalculatorRequest(draft) : null;
  const calculationKey = calculationBody ? JSON.stringify(calculationBody) : null;
  const calculation = useRemote(
    calculationKey,
    (signal) => orderApi.fullCalculation({ ...calculationBody!, is_logged: user !== null }, signal),
    step === 'payment' ? 400 : 0,
  );
  // The pricing's refusal of the typed code, once the answer for the current draft is in (issue 21).
  const promoRefusal =
    promoTyped && calculationKey !== null && !calculation.loading ? (calculation.data?.promocode_error ?? null) : null;

  // Calculator hand-over: /order?<calculator params> merges into the saved draft, then the step URL.
  useEffect(() => {
    if (!handOverPending) {
      handOverDone.current = false;
      return;
    }
    if (handOverDone.current) return;
    handOverDone.current = true;
    const merged = draftFromCalculatorQuery(new URLSearchParams(search), draft);
    dispatch({ type: 'restore', draft: merged });
    showStep(stepHref(firstInvalidStep(merged, validation) ?? 'review'), 'replace');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once, when the draft is restored
  }, [handOverPending]);

  // A step further than the first unfinished one is not reachable yet: the URL follows, once the
  // saved copies were compared (a newer local copy may well reach the asked step).
  useEffect(() => {
    if (settled && !handOverRequested && step !== requested) showStep(stepHref(step), 'replace');
  }, [settled, handOverRequested, step, requested]);

  // A verified client gets the sender prefilled from the profile (only into an empty sender).
  useEffect(() => {
    if (!settled || !user || prefillDone.current) return;
    prefillDone.current = true;
    const sender = draft.contacts.sender;
    if (sender.name || sender.phone || sender.email) return;
    dispatch({
      type: 'contacts/update',
      participant: 'sender',
      patch: {
        name: user.name ?? '',
        phone: user.phone ? formatPhone(user.phone) : '',
        email: user.email ?? '',
      },
    });
  }, [settled, user, draft.contacts.sender, dispatch]);

  // A transport type the route no longer offers is dropped.
  const available = prices.data?.prices.map((p) => p.transportation_type.code);
  const transport = draft.transportationType;
  useEffect(() => {
    if (available && transport && !available.includes(transport as (typeof available)[number])) {
      dispatch({ type: 'transportation/select', id: null });
    }
  }, [available, transport, dispatch]);

  // A step reached by a link (stepper, «Назад», browser history) gets its heading focused too.
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  }, [step]);

  // Focus: the heading on a new step (screen readers hear where they are), the first error after a failed «Далее».
  useEffect(() => {
    if (focusRequest.n === 0) return;
    if (focusRequest.target === 'invalid') {
      // [data-invalid-focus]: the way out of an error that has no field of its own (the review step's refused promo code).
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid-focus]');
      const target =
        invalid?.tagName === 'FIELDSET' ? invalid.querySelector<HTMLElement>('input:not([disabled])') : invalid;
      (target ?? headingRef.current)?.focus();
    } else {
      headingRef.current?.focus();
    }
  }, [focusRequest, step]);

  function goTo(target: OrderStep, focus: 'heading' | 'invalid' = 'heading') {
    // The review step's own field (the consent box) failing: stay on the step, focus moves to it.
    if (target !== step) {
      showStep(stepHref(target));
      window.scrollTo({ top: 0 });
    }
    setFocusRequest((prev) => ({ target: focus, n: prev.n + 1 }));
  }

  const clientErrors = attempted.has(step) ? validateOrderDraft(draft, [step], validation) : {};
  const allErrors = { ...clientErrors, ...(serverErrors && serverErrors.draft === draft ? serverErrors.fields : {}) };
  // One object for «no errors», so the step below sees unchanged props while nothing changed.
  const errors = Object.keys(allErrors).length > 0 ? allErrors : NO_ERRORS;

  async function submit() {
    if (submittingRef.current) return;
    const all = validateOrderDraft(draft, ORDER_STEP_VALUES, validation);
    const failing = firstStepOfFields(all);
    if (failing) {
      setAttempted(new Set(ORDER_STEP_VALUES));
      goTo(failing, 'invalid');
      return;
    }
    // A code the price says no longer applies: the reason and «Убрать промокод» are at its line here.
    if (promoRefusal) {
      goTo('review', 'invalid');
      return;
    }
    submittingRef.current = true;
    setSubmitting(true);
    setSubmitError(null);
    const key = submitKeyFor(draft);
    try {
      const created = await orderApi.createRequest(draft, key);
      stashCreated(created);
      clearSubmitKey();
      await clear();
      router.replace(doneHref(created.track_number));
      return; // stays "submitting" until the confirmation page replaces this one
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      const fields = apiError?.fields ?? {};
      const found = apiError && apiError.status < 500 ? firstStepOfFields(fields) : null;
      // Only the promo code refused (e.g. its last use went to another order meanwhile): the
      // review step says so at the code's line, with a way to remove it; no throw-back (issue 21).
      const promoOnly = found !== null && Object.keys(fields).length === 1 && fields['promocode'] !== undefined;
      const target = promoOnly ? 'review' : found;
      if (target) {
        setServerErrors({ draft, fields });
        setAttempted(new Set(ORDER_STEP_VALUES));
        setSubmitError(promoOnly ? null : (apiError?.message ?? null));
        goTo(target, 'invalid');
      } else {
        setSubmitError(apiError?.message ?? T.submitFailed);
      }
    }
    submittingRef.current = false;
    setSubmitting(false);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (step === 'review') {
      void submit();
      return;
    }
    const stepErrors = validateOrderDraft(draft, [step], validation);
    if (Object.keys(stepErrors).length > 0) {
      setAttempted((prev) => new Set(prev).add(step));
      setFocusRequest((prev) => ({ target: 'invalid', n: prev.n + 1 }));
      return;
    }
    // A refused promo code keeps the user on the step where it is typed, its reason under the field.
    if (step === 'payment' && promoRefusal) {
      setFocusRequest((prev) => ({ target: 'invalid', n: prev.n + 1 }));
      return;
    }
    setSubmitError(null);
    const next = nextStep(step);
    if (next) goTo(next);
  }

  if (!ready || handOverRequested) {
    return (
      <div className={styles.loadingPage} role="status">
        <Spinner /> <span>{T.loadingDraft}</span>
      </div>
    );
  }

  const label = ORDER_STEPS.find((s) => s.value === step)?.label ?? '';
  const previous = previousStep(step);
  // Arrivals planned for the chosen pick-up (and delivery) date, as the review and the order will
  // have them (domain planArrival); the earliest dispatch of prices_terms is what they count from.
  const planned = prices.data ? pricesForDraft(prices.data, draft) : null;
  const chosenPrice = planned?.prices.find((p) => p.transportation_type.code === draft.transportationType) ?? null;
  // The time step: the soonest arrival for the pick-up (delivery dates are offered from it).
  const pickupArrival = chosenPrice ? draftArrival(chosenPrice, draft, { withDelivery: false }) : null;
  const earliestArrival =
    pickupArrival?.plan.earliestArrivalDate ??
    prices.data?.prices
      .map((p) => draftArrival(p, draft, { withDelivery: false }).plan.earliestArrivalDate)
      .sort()[0] ??
    (draft.time.departure.date ? addCalendarDays(draft.time.departure.date, 1) : null);
  const timeContext: TimeContext = {
    today: today ?? '',
    nowMinutes: clock && needsDates ? minutesOfDay(new Date(clock.now), timeZone) : 0,
    departureDates: clock && needsDates ? departureDateOptions(new Date(clock.now), timeZone) : [],
    deliveryDates:
      needsDates && earliestArrival
        ? deliveryDateOptions(
            draft.time.departure.date && draft.time.departure.date > earliestArrival
              ? draft.time.departure.date
              : earliestArrival,
          )
        : [],
    arrivalText: pickupArrival?.text ?? null,
    arrivalNote: pickupArrival?.note ?? null,
  };
  const route = draft.destination;

  return (
    <div className={styles.wizard} data-draft-state={saveState}>
      <nav aria-label={T.stepsLabel} className={styles.stepper}>
        <ol>
          {ORDER_STEPS.map((s, index) => {
            const reachable = index <= stepIndex(furthest);
            const current = s.value === step;
            return (
              <li key={s.value} className={current ? styles.stepCurrent : reachable ? styles.stepDone : undefined}>
                {reachable && !current ? (
                  <ShallowLink href={stepHref(s.value)}>
                    <span className={styles.stepNumber}>{index + 1}</span>
                    <span className={styles.stepLabel}>{s.label}</span>
                  </ShallowLink>
                ) : (
                  <span aria-current={current ? 'step' : undefined}>
                    <span className={styles.stepNumber}>{index + 1}</span>
                    <span className={styles.stepLabel}>{s.label}</span>
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      </nav>

      <div className={styles.layout}>
        <form ref={formRef} className={styles.main} onSubmit={onSubmit} noValidate>
          <h2 ref={headingRef} tabIndex={-1} className={styles.stepTitle}>
            <span className={styles.stepCounter}>{T.stepOf(stepIndex(step) + 1, ORDER_STEPS.length)}</span>
            {label}
          </h2>
          {submitError && step !== 'review' ? (
            <p className={styles.error} role="alert">
              {submitError}
            </p>
          ) : null}
          <StepBody
            step={step}
            draft={draft}
            dispatch={dispatch}
            errors={errors}
            packages={catalog.packages}
            cargoTypes={catalog.cargoTypes}
            timeContext={step === 'time' ? timeContext : null}
            signedIn={user !== null}
            account={step === 'review' ? user : null}
            prices={step === 'payment' ? { ...prices, data: planned } : null}
            calculation={step === 'review' || (step === 'payment' && promoTyped) ? calculation : null}
            submitError={step === 'review' ? submitError : null}
            boundary={!stepRenderedByServer}
          />
          <div className={styles.actions}>
            {previous ? (
              <Button appearance="secondary" as={ShallowLink} href={stepHref(previous)}>
                {T.back}
              </Button>
            ) : (
              <span />
            )}
            {step === 'review' ? (
              <Button type="submit" appearance="primary" size="large" loading={submitting}>
                {T.submit}
              </Button>
            ) : (
              <Button type="submit" appearance="primary">
                {T.next}
              </Button>
            )}
          </div>
        </form>

        <aside className={styles.summary} aria-label={T.summaryLabel}>
          <h2 className={styles.summaryTitle}>{T.summaryTitle}</h2>
          <dl className={styles.summaryList}>
            <div>
              <dt>{T.routeShort}</dt>
              <dd>
                {route.city_departure?.name ?? '—'} → {route.city_delivery?.name ?? '—'}
              </dd>
            </div>
            {draft.cargo.weight !== null ? (
              <div>
                <dt>{T.cargoShort}</dt>
                <dd>
                  {formatCount(draft.cargo.quantity, PLURAL_TEXTS.place)}, {formatNumber(draft.cargo.weight)} {T.kg}
                  {draft.cargo.volume !== null ? `, ${formatNumber(draft.cargo.volume, 3)} ${T.m3}` : ''}
                </dd>
              </div>
            ) : null}
            {chosenPrice ? (
              <div>
                <dt>{chosenPrice.transportation_type.name}</dt>
                <dd>
                  <strong>{chosenPrice.price_text}</strong>
                  <span className={styles.choiceDescription}>
                    {T.transportTerms(chosenPrice.terms, chosenPrice.arrival_date_text)}
                  </span>
                </dd>
              </div>
            ) : null}
          </dl>
          {/* Not a live region: a line that changes with every pause in typing is not worth announcing. */}
          <p className={styles.draftState}>{DRAFT_STATE_TEXT[saveState]}</p>
          {user ? null : (
            <p className={styles.hint}>
              {T.anonymousNote} <Link href={signInHref(step)}>{T.signInLink}</Link>
            </p>
          )}
        </aside>
      </div>
    </div>
  );
}
