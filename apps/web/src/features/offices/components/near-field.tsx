'use client';

import { useCallback, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import type { AddressSuggestion } from '@freight/contracts/locations';
import { OFFICES_PAGE_TEXTS as L } from '@freight/domain/texts/offices-page';
import { Combobox } from '@/components/ui/combobox';
import { LocateIcon } from '@/components/ui/icons';
import { searchAddresses } from '@/lib/api/address-suggestions';
import { coordinatesParam } from '../lib/near-point';
import styles from './offices.module.css';

type Locating = 'idle' | 'busy' | 'denied' | 'failed';

/**
 * «Ближайшие к адресу или городу» with address suggestions (DaData, or the API's own index of
 * cities and streets), and «Рядом со мной» through the browser's geolocation. Choosing a
 * suggestion searches at once; the field is a plain input of the GET form, so typing and
 * «Найти» work before the page comes alive too.
 */
export function NearField({ defaultValue }: { defaultValue: string }) {
  const router = useRouter();
  const [text, setText] = useState(defaultValue);
  const [locating, setLocating] = useState<Locating>('idle');
  const inputRef = useRef<HTMLInputElement>(null);
  const load = useCallback((query: string, signal: AbortSignal) => searchAddresses('', query, signal), []);

  /** The form's current filters as a query, without the typed address, plus `extra`. */
  const filtersWith = (extra: Record<string, string>) => {
    const params = new URLSearchParams();
    const form = inputRef.current?.form;
    if (form) {
      for (const [key, value] of new FormData(form)) {
        if (typeof value === 'string' && value !== '' && key !== 'near' && key !== 'at') params.set(key, value);
      }
    }
    for (const [key, value] of Object.entries(extra)) params.set(key, value);
    return `/offices?${params.toString()}`;
  };

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setLocating('failed');
      return;
    }
    setLocating('busy');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating('idle');
        setText('');
        router.push(filtersWith({ at: coordinatesParam(position.coords.latitude, position.coords.longitude) }));
      },
      (error) => setLocating(error.code === error.PERMISSION_DENIED ? 'denied' : 'failed'),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  };

  return (
    <div className={styles.near}>
      <Combobox<AddressSuggestion>
        ref={inputRef}
        id="offices-near"
        name="near"
        type="search"
        label={L.nearLabel}
        placeholder={L.nearPlaceholder}
        maxLength={200}
        value={text}
        onValueChange={setText}
        onSelect={(item) => {
          setText(item.value);
          // Search at once for the chosen address (after React has put it into the field).
          const form = inputRef.current?.form;
          if (form) setTimeout(() => form.requestSubmit(), 0);
        }}
        load={load}
        getKey={(item) => item.value}
        getLabel={(item) => item.value}
        getDescription={(item) => (item.data.region_with_type !== item.data.city ? item.data.region_with_type : null)}
        texts={{
          searching: L.nearSearching,
          nothing: L.nearNothing,
          failed: L.nearSuggestFailed,
          listLabel: L.nearSuggestions,
        }}
      />
      <button
        type="button"
        className={styles.nearMe}
        onClick={locate}
        disabled={locating === 'busy'}
        aria-describedby="offices-near-me-hint"
      >
        <LocateIcon size={18} />
        {locating === 'busy' ? L.nearMeLocating : L.nearMe}
      </button>
      <p id="offices-near-me-hint" className={styles.nearHint}>
        {L.nearMeHint}
      </p>
      {locating === 'denied' || locating === 'failed' ? (
        <p role="alert" className={styles.nearError}>
          {locating === 'denied' ? L.nearMeDenied : L.nearMeFailed}
        </p>
      ) : null}
    </div>
  );
}
