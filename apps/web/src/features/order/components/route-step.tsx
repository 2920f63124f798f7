'use client';

import type { City, Subdivision, AddressSuggestion } from '@freight/contracts/locations';
import { ORDER_TEXTS } from '@freight/domain/texts/order';
import { cityRefOf, type PointType } from '@freight/domain/order-draft';
import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui';
import { orderApi } from '../api/order-api';
import { ChoiceGroup } from './controls';
import type { StepProps } from './step-props';
import { Combobox } from '@/components/ui/combobox';
import styles from './order.module.css';

const T = ORDER_TEXTS;

export function RouteStep({ draft, dispatch, errors }: StepProps) {
  return (
    <div className={styles.twoColumns}>
      <PointBlock side="departure" draft={draft} dispatch={dispatch} errors={errors} />
      <PointBlock side="delivery" draft={draft} dispatch={dispatch} errors={errors} />
    </div>
  );
}

function PointBlock({ side, draft, dispatch, errors }: StepProps & { side: 'departure' | 'delivery' }) {
  const d = draft.destination;
  const isDeparture = side === 'departure';
  const city = isDeparture ? d.city_departure : d.city_delivery;
  const type = isDeparture ? d.departure_type : d.delivery_type;
  const address = isDeparture ? d.departure_address : d.delivery_address;
  const cityKey = isDeparture ? 'city_departure' : 'city_delivery';
  const typeKey = isDeparture ? 'departure_type' : 'delivery_type';
  const addressKey = isDeparture ? 'departure_address' : 'delivery_address';
  const subdivisionKey = isDeparture ? 'subdivision_departure' : 'subdivision_delivery';
  const [cityText, setCityText] = useState(city?.name ?? '');
  const [shownCity, setShownCity] = useState(city);
  // The draft can change under the field (restore, calculator hand-over): show its city then.
  if (shownCity !== city) {
    setShownCity(city);
    if (city) setCityText(city.name);
  }

  const typeOptions: { value: PointType; label: string; description: string }[] = isDeparture
    ? [
        { value: 'warehouse', label: T.departureWarehouse, description: T.departureWarehouseHint },
        { value: 'address', label: T.departureAddress, description: T.departureAddressHint },
      ]
    : [
        { value: 'warehouse', label: T.deliveryWarehouse, description: T.deliveryWarehouseHint },
        { value: 'address', label: T.deliveryAddress, description: T.deliveryAddressHint },
      ];

  return (
    <section className={styles.panel} aria-labelledby={`${side}-title`}>
      <h3 id={`${side}-title`} className={styles.panelTitle}>
        {isDeparture ? T.from : T.to}
      </h3>
      <Combobox<City>
        label={isDeparture ? T.cityDeparture : T.cityDelivery}
        name={cityKey}
        value={cityText}
        placeholder={T.cityPlaceholder}
        error={errors[`destination.${cityKey}`]}
        onValueChange={(text) => {
          setCityText(text);
          if (city && text !== city.name) {
            dispatch({ type: 'destination/update', patch: { [cityKey]: null, [subdivisionKey]: null } });
          }
        }}
        load={(query, signal) => orderApi.cities(query, signal)}
        onSelect={(picked) => {
          const ref = cityRefOf(picked);
          setCityText(ref.name);
          const changed = city?.fias_id !== ref.fias_id;
          dispatch({
            type: 'destination/update',
            patch: changed ? { [cityKey]: ref, [subdivisionKey]: null, [addressKey]: '' } : { [cityKey]: ref },
          });
        }}
        getKey={(c) => String(c.id)}
        getLabel={(c) => c.name}
        getDescription={(c) => c.region}
      />
      <ChoiceGroup<PointType>
        legend={isDeparture ? T.departureType : T.deliveryType}
        name={typeKey}
        layout="cards"
        options={typeOptions}
        value={type}
        onChange={(value) => dispatch({ type: 'destination/update', patch: { [typeKey]: value } })}
      />
      {type === 'warehouse' ? (
        city ? (
          <TerminalChoice
            key={city.fias_id}
            side={side}
            cityRef={city.fias_id}
            value={(isDeparture ? d.subdivision_departure : d.subdivision_delivery)?.id ?? null}
            onChange={(subdivision) =>
              dispatch({
                type: 'destination/update',
                patch: {
                  [subdivisionKey]: subdivision ? { id: String(subdivision.id), name: subdivision.name } : null,
                },
              })
            }
          />
        ) : (
          <p className={styles.hint}>{T.chooseCityFirst}</p>
        )
      ) : (
        <Combobox<AddressSuggestion>
          label={isDeparture ? T.departureAddressLabel : T.deliveryAddressLabel}
          name={addressKey}
          value={address}
          placeholder={city ? T.addressPlaceholder : T.chooseCityFirst}
          error={errors[`destination.${addressKey}`]}
          autoComplete="street-address"
          onValueChange={(text) => dispatch({ type: 'destination/update', patch: { [addressKey]: text } })}
          load={async (query, signal) =>
            (await orderApi.addresses(city ? `${city.name} ${query}` : query, signal)).suggestions
          }
          onSelect={(s) => dispatch({ type: 'destination/update', patch: { [addressKey]: s.value } })}
          getKey={(s) => s.unrestricted_value}
          getLabel={(s) => s.value}
          minChars={3}
        />
      )}
    </section>
  );
}

function TerminalChoice({
  side,
  cityRef: ref,
  value,
  onChange,
}: {
  side: 'departure' | 'delivery';
  cityRef: string;
  value: string | null;
  onChange: (subdivision: Subdivision | null) => void;
}) {
  const [state, setState] = useState<{ list: Subdivision[] | null; failed: boolean }>({ list: null, failed: false });
  useEffect(() => {
    const controller = new AbortController();
    orderApi
      .subdivisions(ref, side === 'departure' ? 'acceptance' : 'release', controller.signal)
      .then((list) => setState({ list, failed: false }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ list: [], failed: true });
      });
    return () => controller.abort();
  }, [ref, side]);

  if (state.list === null) {
    return (
      <div className={styles.loadingRow}>
        <Spinner size="small" /> {T.terminalsLoading}
      </div>
    );
  }
  if (state.list.length === 0) {
    return <p className={styles.hint}>{state.failed ? T.terminalsFailed : T.terminalsNone}</p>;
  }
  return (
    <ChoiceGroup<string>
      legend={side === 'departure' ? T.terminalDeparture : T.terminalDelivery}
      name={`terminal-${side}`}
      layout="cards"
      value={value}
      onChange={(id) => onChange(state.list?.find((s) => String(s.id) === id) ?? null)}
      options={state.list.map((s) => ({
        value: String(s.id),
        label: s.name,
        description: (
          <>
            {s.address}
            <br />
            {s.schedule.lines.map((line) => `${line.days}: ${line.hours}`).join('; ')}
          </>
        ),
      }))}
    />
  );
}
