'use client';

import { MESSAGES } from '@freight/domain/messages';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button, TextInput } from '@/components/ui';
import styles from './home.module.css';

const L = MESSAGES.home;

const TRACK_NUMBER = /^[A-Za-zА-Яа-яЁё0-9-]{4,30}$/;

/**
 * The hero's track-number field: goes to /tracking/<number> (the tracking pages). Without
 * JavaScript the form still submits to /tracking?number=….
 */
export function TrackForm() {
  const router = useRouter();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const number = value.trim();
    if (!number) return setError(L.trackRequired);
    if (!TRACK_NUMBER.test(number)) return setError(L.trackInvalid);
    setError(null);
    router.push(`/tracking/${encodeURIComponent(number.toUpperCase())}`);
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
        maxLength={30}
        containerClassName={styles.trackInput}
      />
      <Button type="submit" className={styles.trackButton}>
        {L.trackSubmit}
      </Button>
    </form>
  );
}
