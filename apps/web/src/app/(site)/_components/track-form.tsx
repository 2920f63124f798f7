'use client';

import { HOME_CLIENT_TEXTS } from '@freight/domain/texts/home-client';
import { checkTrackNumber, trackNumberError, trackingPath } from '@freight/domain/track-number';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button, TextInput } from '@/components/ui';
import styles from './home.module.css';

const L = HOME_CLIENT_TEXTS;

/**
 * The hero's track-number field: goes to /tracking/MG-1234-56789, read as people type it
 * (any case, Cyrillic МГ, spaces); a typo in the check digit is caught here. Without
 * JavaScript the form still submits to /tracking?number=…, which redirects the same way.
 */
export function TrackForm() {
  const router = useRouter();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkTrackNumber(value);
    if (!check.ok) return setError(trackNumberError(check.reason));
    setError(null);
    router.push(trackingPath(check.value));
  };

  return (
    <form
      className={styles.track}
      action="/tracking"
      method="get"
      onSubmit={onSubmit}
      noValidate
      aria-label={L.trackTitle}
    >
      <TextInput
        name="number"
        label={L.trackLabel}
        placeholder={L.trackPlaceholder}
        value={value}
        onValueChange={(v) => {
          setValue(v);
          if (error) setError(null);
        }}
        error={error ?? undefined}
        autoComplete="off"
        maxLength={40}
        containerClassName={styles.trackInput}
      />
      <Button type="submit" className={styles.trackButton}>
        {L.trackSubmit}
      </Button>
    </form>
  );
}
