'use client';

import { useCallback, useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { CALCULATION_PATHS } from '@freight/contracts/calculation-paths';
import type { PricesTermsResponse } from '@freight/contracts/pricing';
import { draftToCalculatorRequest, draftToPricesTermsQuery } from '@freight/domain/shipment/query';
import { CRATE_PACKAGE_CODE, SHIPMENT_INPUT_DECIMALS as DECIMALS } from '@freight/domain/shipment/limits';
import { isVolumeComputed, withComputedVolume } from '@freight/domain/shipment/volume';
import { CARGO_TABS, type CargoPatch } from '@freight/domain/cargo';
import { DEFAULT_DEBOUNCE_MS } from '@freight/domain/constants';
import { CALCULATOR_TEXTS } from '@freight/domain/texts/calculator';
import { HOME_CLIENT_TEXTS } from '@freight/domain/texts/home-client';
import { formatRub } from '@freight/domain/money';
import {
  orderDraftReducer,
  validateShipment,
  type OrderDraft,
  type OrderDraftAction,
} from '@freight/domain/order-draft';
import { Button, TextInput } from '@/components/ui';
import { apiFetch } from '@/lib/api/client';
import { CalculationError, runCalculation, type CalculationInput, type CalculationResult } from '../lib/calculation';
import { createDebouncedRunner, type DebouncedRunner } from '../lib/debounced-runner';
import { calculatorHref, crateActions, packageSyncActions } from '../lib/draft-glue';
import { Checkbox } from '@/components/ui/checkbox';
import { Tabs } from '@/components/ui/tabs';
import { NumberField } from './fields';
import { PointFields } from './point-fields';
import { ResultPanel, type CalculationStatus } from './result-panel';
import styles from './calculator.module.css';

const T = CALCULATOR_TEXTS;
/** The URL follows the inputs a little later than the screen: fewer history writes while typing. */
const URL_SYNC_DELAY_MS = 300;

/** A packaging option of GET duty_packages/package. */
export interface PackageOption {
  code: string;
  name: string;
  description: string;
  price_kopecks: number;
  price_unit: 'place' | 'm3' | 'kg';
}

export type CalculatorLayout = 'full' | 'compact' | 'widget';

export interface CalculatorProps {
  /** The draft restored from the page's query on the server, so the first paint shows the inputs. */
  initialDraft: OrderDraft;
  /** The answer computed on the server for `initialDraft`, if any: shown at once, not asked again. */
  initialResult?: CalculationResult | null;
  packages: PackageOption[] | null;
  layout: CalculatorLayout;
  /** Mirror the inputs into this page's URL (history.replaceState). */
  syncUrl: boolean;
}

interface CalcState {
  status: CalculationStatus;
  result: CalculationResult | null;
  error: string | null;
  /** API field errors mapped onto draft paths. */
  fields: Record<string, string>;
}

function inputOf(draft: OrderDraft): CalculationInput {
  return {
    pricesQuery: draftToPricesTermsQuery(draft)?.toString() ?? null,
    body: draftToCalculatorRequest(draft),
  };
}

const keyOf = (input: CalculationInput) => `${input.pricesQuery ?? ''}|${JSON.stringify(input.body)}`;

const unitText: Record<PackageOption['price_unit'], string> = {
  place: HOME_CLIENT_TEXTS.servicePrice.place,
  kg: HOME_CLIENT_TEXTS.servicePrice.kg,
  m3: 'за м³',
};

/**
 * The price calculator. Its state IS an order draft (the domain reducer), so every rule of the
 * draft holds and «Оформить заявку» carries every value into the order. A change waits for a
 * 500 ms pause, then prices and terms of every transportation type and the breakdown of the chosen
 * one are asked (a newer change aborts the older request). The inputs live in the URL.
 */
export function Calculator({ initialDraft, initialResult = null, packages, layout, syncUrl }: CalculatorProps) {
  const idPrefix = `calc${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [draft, rawDispatch] = useReducer(orderDraftReducer, initialDraft);
  /** The draft as of the last dispatch: handlers read it without waiting for a render. */
  const draftRef = useRef(initialDraft);

  const [cityText, setCityText] = useState({
    departure: initialDraft.destination.city_departure?.name ?? '',
    delivery: initialDraft.destination.city_delivery?.name ?? '',
  });
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [showAll, setShowAll] = useState(false);
  const touch = useCallback((path: string) => {
    setTouched((current) => (current.has(path) ? current : new Set(current).add(path)));
  }, []);
  /** While the visitor retypes a field its «choose from the list» error waits for the next blur. */
  const untouch = useCallback((path: string) => {
    setTouched((current) => {
      if (!current.has(path)) return current;
      const next = new Set(current);
      next.delete(path);
      return next;
    });
  }, []);

  // --- live calculation -------------------------------------------------------------------
  const [calc, setCalc] = useState<CalcState>(() => ({
    // A complete draft without the server's answer is asked at once (the effect below): pending.
    status: initialResult ? 'done' : inputOf(initialDraft).pricesQuery !== null ? 'pending' : 'idle',
    result: initialResult,
    error: null,
    fields: initialResult?.fields ?? {},
  }));
  const memory = useRef<{
    key: string | null;
    type: string | null;
    prices: { query: string; prices: PricesTermsResponse } | null;
    /** Some calculation has finished (an answer or an error is on screen). */
    settled: boolean;
  } | null>(null);
  const runnerRef = useRef<DebouncedRunner<CalculationInput> | null>(null);

  useEffect(() => {
    const initialInput = inputOf(initialDraft);
    memory.current ??= {
      key: initialResult ? keyOf(initialInput) : null,
      type: initialDraft.transportationType,
      prices:
        initialResult && initialInput.pricesQuery
          ? { query: initialInput.pricesQuery, prices: initialResult.prices }
          : null,
      settled: initialResult !== null,
    };
    const runner = createDebouncedRunner<CalculationInput>(async (input, signal) => {
      try {
        const result = await runCalculation(input, {
          fetcher: apiFetch,
          signal,
          paths: { pricesTerms: CALCULATION_PATHS.pricesTerms, fullCalculator: CALCULATION_PATHS.fullCalculator },
          fallbackMessage: T.calculateFailed,
          cached: memory.current?.prices ?? null,
        });
        if (signal.aborted) return;
        if (memory.current) {
          memory.current.settled = true;
          if (input.pricesQuery) memory.current.prices = { query: input.pricesQuery, prices: result.prices };
        }
        setCalc({ status: 'done', result, error: null, fields: result.fields });
      } catch (error) {
        if (signal.aborted) return;
        if (memory.current) memory.current.settled = true;
        const fields = error instanceof CalculationError ? error.fields : {};
        const message = error instanceof Error ? error.message : T.calculateFailed;
        setCalc({ status: 'error', result: null, error: message, fields });
      }
    });
    runnerRef.current = runner;
    // A draft restored from the URL without a server answer (the API was slow) is asked at once.
    const initialKey = keyOf(initialInput);
    const mem = memory.current;
    if (!mem.settled && initialInput.pricesQuery !== null && (mem.key === null || mem.key === initialKey)) {
      mem.key = initialKey;
      runner.schedule(initialInput, 0);
    }
    return () => {
      runner.cancel();
      runnerRef.current = null;
    };
  }, [initialDraft, initialResult]);

  /** Schedules the calculation for a new draft (called from the handlers that change it). */
  const recalculate = useCallback((next: OrderDraft, force = false) => {
    const mem = memory.current;
    const runner = runnerRef.current;
    if (!mem || !runner) return;
    const input = inputOf(next);
    const key = keyOf(input);
    if (key === mem.key && !force) return;
    mem.key = key;
    const typeChanged = mem.type !== next.transportationType;
    mem.type = next.transportationType;
    if (input.pricesQuery === null) {
      runner.cancel();
      setCalc({ status: 'idle', result: null, error: null, fields: {} });
      return;
    }
    // Choosing another type only asks for its breakdown: no reason to wait.
    const onlyType = typeChanged && mem.prices?.query === input.pricesQuery;
    // Pending from now until the answer: the first price too (the result's skeleton shimmers and
    // the result is aria-busy), not only a recalculation over numbers already shown.
    setCalc((current) => ({ ...current, status: 'pending' }));
    runner.schedule(input, onlyType || force ? 0 : DEFAULT_DEBOUNCE_MS);
  }, []);

  const dispatch = useCallback(
    (action: OrderDraftAction | OrderDraftAction[]) => {
      let next = draftRef.current;
      for (const a of Array.isArray(action) ? action : [action]) {
        next = orderDraftReducer(next, a);
        rawDispatch(a);
      }
      draftRef.current = next;
      recalculate(next);
    },
    [recalculate],
  );

  const retry = useCallback(() => recalculate(draftRef.current, true), [recalculate]);

  // --- URL ---------------------------------------------------------------------------------
  useEffect(() => {
    if (!syncUrl) return;
    const timer = setTimeout(() => {
      const href = calculatorHref(window.location.pathname, draft, new URLSearchParams(window.location.search));
      if (href !== window.location.pathname + window.location.search) {
        window.history.replaceState(window.history.state, '', href);
      }
    }, URL_SYNC_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, syncUrl]);

  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (copyState === 'idle') return;
    const timer = setTimeout(() => setCopyState('idle'), 3000);
    return () => clearTimeout(timer);
  }, [copyState]);
  const copyLink = async () => {
    const href = new URL(calculatorHref('/calculator', draftRef.current), window.location.origin).href;
    try {
      await navigator.clipboard.writeText(href);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  };

  // --- errors ------------------------------------------------------------------------------
  const clientErrors = useMemo(() => validateShipment(draft), [draft]);
  const errorFor = (path: string): string | undefined => {
    const server = calc.fields[path];
    if (!showAll && !touched.has(path)) return server;
    if (path === 'destination.city_departure' && !draft.destination.city_departure && cityText.departure.trim()) {
      return T.cityPickFromList;
    }
    if (path === 'destination.city_delivery' && !draft.destination.city_delivery && cityText.delivery.trim()) {
      return T.cityPickFromList;
    }
    return clientErrors[path] ?? server;
  };

  // --- handlers ----------------------------------------------------------------------------
  const updateCargo = (patch: CargoPatch) => {
    const current = draftRef.current;
    const actions: OrderDraftAction[] = [{ type: 'cargo/update', patch: withComputedVolume(current.cargo, patch) }];
    if ('quantity' in patch) {
      const next = orderDraftReducer(current, actions[0]!);
      actions.push(...packageSyncActions(next));
    }
    dispatch(actions);
  };

  const calculateNow = () => {
    setShowAll(true);
    runnerRef.current?.flush();
  };
  // The form is never sent anywhere: Enter in a field calculates at once and shows what is missing.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    calculateNow();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || event.defaultPrevented || target.tagName !== 'INPUT') return;
    const type = (target as HTMLInputElement).type;
    if (type === 'checkbox' || type === 'radio') return;
    event.preventDefault();
    calculateNow();
  };

  const compact = layout === 'compact';
  const c = draft.cargo;
  const s = draft.services;
  const cargoId = `${idPrefix}-cargo`;
  const packageOptions = (packages ?? []).filter((p) => p.code !== CRATE_PACKAGE_CODE);
  const chosenPackages = new Set(draft.packageItems.map((item) => item.id));

  const services = (
    <div className={styles.services}>
      <NumberField
        id={`${idPrefix}-declared`}
        label={T.declaredValue}
        value={s.declaredValue}
        decimals={DECIMALS.declaredValue}
        hint={T.declaredValueHint}
        onValue={(value) => dispatch({ type: 'services/update', patch: { declaredValue: value } })}
        error={errorFor('services.declaredValue')}
      />
      <div className={styles.checks}>
        <Checkbox
          checked={s.fragile}
          onCheckedChange={(checked) => dispatch({ type: 'services/update', patch: { fragile: checked } })}
          label={T.fragile}
        />
        <Checkbox
          checked={s.crate}
          onCheckedChange={(checked) => dispatch(crateActions(draftRef.current, checked))}
          label={T.crate}
        />
      </div>
      {packageOptions.length > 0 ? (
        <fieldset className={styles.packages}>
          <legend className={styles.legendSmall}>{T.packagingLegend}</legend>
          <div className={styles.packageGrid}>
            {packageOptions.map((p) => (
              <Checkbox
                key={p.code}
                checked={chosenPackages.has(p.code)}
                onCheckedChange={(checked) =>
                  dispatch({ type: 'packages/setQuantity', id: p.code, quantity: checked ? c.quantity : 0 })
                }
                description={`${formatRub(p.price_kopecks)} ${unitText[p.price_unit]}`}
                label={p.name}
              />
            ))}
          </div>
          {calc.fields.packageItems ? <p className={styles.fieldError}>{calc.fields.packageItems}</p> : null}
        </fieldset>
      ) : null}
      <TextInput
        id={`${idPrefix}-promo`}
        label={T.promocode}
        value={draft.promocode}
        maxLength={50}
        autoComplete="off"
        spellCheck={false}
        onValueChange={(value) => dispatch({ type: 'promocode/set', value })}
        error={errorFor('promocode') ?? calc.result?.breakdown?.promocode_error ?? undefined}
        containerClassName={styles.promo}
      />
    </div>
  );

  const footer =
    layout === 'compact' ? (
      <div className={styles.resultFooter}>
        <Button href={calculatorHref('/calculator', draft)} appearance="link">
          {T.fullCalculator}
        </Button>
      </div>
    ) : (
      <div className={styles.resultFooter}>
        <Button appearance="secondary" onClick={copyLink}>
          {T.copyLink}
        </Button>
        <span className={styles.copyStatus} role="status">
          {copyState === 'copied' ? T.linkCopied : copyState === 'failed' ? T.copyFailed : ''}
        </span>
      </div>
    );

  return (
    <div className={`${styles.calculator} ${styles[layout]}`} data-testid="calculator">
      <form className={styles.form} onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate aria-label={T.formLabel}>
        <fieldset className={styles.section}>
          <legend className={styles.legend}>{T.routeTitle}</legend>
          <div className={styles.route}>
            {(['departure', 'delivery'] as const).map((side) => (
              <PointFields
                key={side}
                side={side}
                idPrefix={idPrefix}
                draft={draft}
                dispatch={dispatch}
                cityText={cityText[side]}
                onCityText={(text) => {
                  setCityText((current) => ({ ...current, [side]: text }));
                  untouch(side === 'departure' ? 'destination.city_departure' : 'destination.city_delivery');
                }}
                errorFor={errorFor}
                touch={touch}
              />
            ))}
          </div>
        </fieldset>

        <fieldset className={styles.section}>
          <legend className={styles.legend}>{T.cargoTitle}</legend>
          <Tabs
            id={cargoId}
            label={T.cargoTabsLabel}
            items={CARGO_TABS}
            value={c.tab}
            activation="manual"
            panelClassName={styles.panel}
            onValueChange={(tab) => {
              const next = orderDraftReducer(draftRef.current, { type: 'cargo/selectTab', tab });
              dispatch([{ type: 'cargo/selectTab', tab }, ...packageSyncActions(next)]);
            }}
          >
            {c.tab === 'documents' ? <p className={styles.note}>{T.documentsNote}</p> : null}
            <div className={styles.measures}>
              {c.tab === 'multiple' ? (
                <NumberField
                  id={`${cargoId}-places`}
                  label={T.places}
                  value={c.quantity}
                  decimals={DECIMALS.quantity}
                  required
                  onValue={(value) => value !== null && updateCargo({ quantity: value })}
                  onBlur={() => touch('cargo.quantity')}
                  error={errorFor('cargo.quantity')}
                />
              ) : null}
              {(['length', 'width', 'height'] as const).map((key) => (
                <NumberField
                  key={key}
                  id={`${cargoId}-${key}`}
                  label={T[key]}
                  value={c[key]}
                  decimals={DECIMALS.dimension}
                  onValue={(value) => updateCargo({ [key]: value })}
                  onBlur={() => touch(`cargo.${key}`)}
                  error={errorFor(`cargo.${key}`)}
                />
              ))}
              <NumberField
                id={`${cargoId}-weight`}
                label={c.tab === 'multiple' ? T.weightTotal : T.weight}
                value={c.weight}
                decimals={DECIMALS.weight}
                onValue={(value) => updateCargo({ weight: value })}
                onBlur={() => touch('cargo.weight')}
                error={errorFor('cargo.weight')}
              />
              <NumberField
                id={`${cargoId}-volume`}
                label={c.tab === 'multiple' ? T.volumeTotal : T.volume}
                value={c.volume}
                decimals={DECIMALS.volume}
                hint={isVolumeComputed(c) ? T.volumeAuto : undefined}
                onValue={(value) => updateCargo({ volume: value })}
                onBlur={() => touch('cargo.volume')}
                error={errorFor('cargo.volume')}
              />
            </div>
          </Tabs>
        </fieldset>

        {compact ? (
          <details className={styles.more}>
            <summary>{T.moreServices}</summary>
            {services}
          </details>
        ) : (
          <fieldset className={styles.section}>
            <legend className={styles.legend}>{T.servicesTitle}</legend>
            {services}
          </fieldset>
        )}
      </form>

      <ResultPanel
        draft={draft}
        status={calc.status}
        result={calc.result}
        error={calc.error}
        onSelectType={(code) => dispatch({ type: 'transportation/select', id: code })}
        onRetry={retry}
        compact={compact}
        newTab={layout === 'widget'}
        headingLevel={layout === 'full' ? 2 : 3}
        footer={footer}
      />
    </div>
  );
}
