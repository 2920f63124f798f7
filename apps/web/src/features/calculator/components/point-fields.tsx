'use client';

import { useCallback } from 'react';
import { CALCULATOR_TEXTS } from '@freight/domain/texts/calculator';
import type { City, AddressSuggestion } from '@freight/contracts/locations';
import { cityRefOf, type OrderDraft, type OrderDraftAction, type PointType } from '@freight/domain/order-draft';
import { SHIPMENT_INPUT_DECIMALS } from '@freight/domain/shipment/limits';
import { searchAddresses, searchCities } from '../api/client';
import { Combobox } from '@/components/ui/combobox';
import { Checkbox } from '@/components/ui/checkbox';
import { NumberField } from './fields';
import styles from './calculator.module.css';

const T = CALCULATOR_TEXTS;
/** Suggestions follow the typing faster than the price (DEFAULT_DEBOUNCE_MS); they are cheap. */
export const SUGGEST_DEBOUNCE_MS = 250;

const SIDE = {
  departure: {
    city: 'city_departure',
    type: 'departure_type',
    address: 'departure_address',
    label: T.from,
    pointLegend: T.departurePoint,
    addressLabel: T.departureAddress,
    loading: 'departureLoading',
    floor: 'departureFloor',
    lift: 'departureLift',
    km: 'departureKm',
    loadingLabel: T.loading,
  },
  delivery: {
    city: 'city_delivery',
    type: 'delivery_type',
    address: 'delivery_address',
    label: T.to,
    pointLegend: T.deliveryPoint,
    addressLabel: T.deliveryAddress,
    loading: 'deliveryLoading',
    floor: 'deliveryFloor',
    lift: 'deliveryLift',
    km: 'deliveryKm',
    loadingLabel: T.unloading,
  },
} as const;

export type Side = keyof typeof SIDE;

/**
 * One end of the route: the city (autocomplete), terminal or door, and for a door the address
 * (with suggestions), the distance outside the ring road and loading with floor and lift.
 */
export function PointFields({
  side,
  idPrefix,
  draft,
  dispatch,
  cityText,
  onCityText,
  errorFor,
  touch,
}: {
  side: Side;
  idPrefix: string;
  draft: OrderDraft;
  dispatch: (action: OrderDraftAction) => void;
  cityText: string;
  onCityText: (text: string) => void;
  errorFor: (path: string) => string | undefined;
  touch: (path: string) => void;
}) {
  const keys = SIDE[side];
  const d = draft.destination;
  const s = draft.services;
  const city = d[keys.city];
  const type = d[keys.type];
  const id = `${idPrefix}-${side}`;
  const cityName = city?.name ?? '';

  const loadCities = useCallback((query: string, signal: AbortSignal) => searchCities(query, signal), []);
  const loadAddresses = useCallback(
    (query: string, signal: AbortSignal) => searchAddresses(cityName, query, signal),
    [cityName],
  );

  return (
    <div className={styles.point}>
      <Combobox<City>
        id={`${id}-city`}
        label={keys.label}
        value={cityText}
        placeholder={T.cityPlaceholder}
        maxLength={100}
        onValueChange={(text) => {
          onCityText(text);
          if (city && text !== city.name) dispatch({ type: 'destination/update', patch: { [keys.city]: null } });
        }}
        onSelect={(item) => {
          onCityText(item.name);
          dispatch({ type: 'destination/update', patch: { [keys.city]: cityRefOf(item) } });
        }}
        onBlur={() => touch(`destination.${keys.city}`)}
        load={loadCities}
        getKey={(item) => String(item.id)}
        getLabel={(item) => item.name}
        getDescription={(item) => item.region}
        debounceMs={SUGGEST_DEBOUNCE_MS}
        error={errorFor(`destination.${keys.city}`)}
        texts={{
          searching: T.citySearching,
          nothing: T.cityNothing,
          failed: T.citySearchFailed,
          listLabel: T.suggestionsLabel(keys.label),
        }}
      />
      <fieldset className={styles.segmented}>
        <legend className={styles.srOnly}>{keys.pointLegend}</legend>
        {(
          [
            ['warehouse', T.terminal],
            ['address', T.door],
          ] as const
        ).map(([value, text]) => (
          <label key={value} className={styles.segment}>
            <input
              type="radio"
              name={`${id}-point`}
              value={value}
              checked={type === value}
              onChange={() => dispatch({ type: 'destination/update', patch: { [keys.type]: value as PointType } })}
            />
            <span>{text}</span>
          </label>
        ))}
      </fieldset>
      {type === 'address' ? (
        <div className={styles.door}>
          <Combobox<AddressSuggestion>
            id={`${id}-address`}
            label={keys.addressLabel}
            value={d[keys.address]}
            placeholder={T.addressPlaceholder}
            maxLength={500}
            onValueChange={(text) => dispatch({ type: 'destination/update', patch: { [keys.address]: text } })}
            onSelect={(item) => dispatch({ type: 'destination/update', patch: { [keys.address]: item.value } })}
            onBlur={() => touch(`destination.${keys.address}`)}
            load={loadAddresses}
            minChars={3}
            getKey={(item) => item.unrestricted_value}
            getLabel={(item) => item.value}
            debounceMs={SUGGEST_DEBOUNCE_MS}
            error={errorFor(`destination.${keys.address}`)}
            texts={{
              searching: T.addressSearching,
              nothing: T.cityNothing,
              failed: T.citySearchFailed,
              listLabel: T.suggestionsLabel(keys.addressLabel),
            }}
            containerClassName={styles.wide}
          />
          <NumberField
            id={`${id}-km`}
            label={T.kmOutside}
            value={s[keys.km]}
            decimals={SHIPMENT_INPUT_DECIMALS.km}
            required
            hint={T.kmOutsideHint}
            onValue={(value) => dispatch({ type: 'services/update', patch: { [keys.km]: value ?? 0 } })}
            error={errorFor(`services.${keys.km}`)}
          />
          <div className={styles.handling}>
            <Checkbox
              checked={s[keys.loading]}
              onCheckedChange={(checked) => dispatch({ type: 'services/update', patch: { [keys.loading]: checked } })}
              label={keys.loadingLabel}
            />
            {s[keys.loading] ? (
              <div className={styles.floorRow}>
                <NumberField
                  id={`${id}-floor`}
                  label={T.floor}
                  value={s[keys.floor]}
                  decimals={SHIPMENT_INPUT_DECIMALS.floor}
                  required
                  onValue={(value) => dispatch({ type: 'services/update', patch: { [keys.floor]: value ?? 1 } })}
                  error={errorFor(`services.${keys.floor}`)}
                  className={styles.floorField}
                />
                <Checkbox
                  checked={s[keys.lift]}
                  onCheckedChange={(checked) => dispatch({ type: 'services/update', patch: { [keys.lift]: checked } })}
                  label={T.lift}
                  containerClassName={styles.floorCheck}
                />
              </div>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
