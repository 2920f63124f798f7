'use client';

import { ANALYTICS_TEXTS } from '@freight/domain/texts/analytics';
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Select, TextInput } from '@/components/ui';
import {
  ANALYTICS_PRESETS,
  type AnalyticsPeriod,
  type AnalyticsPreset,
  type AnalyticsUrlErrors,
  type AnalyticsUrlState,
} from '../lib/analytics-url';
import styles from './analytics.module.css';

const S = ANALYTICS_TEXTS.screen;

const PRESET_OPTIONS = ANALYTICS_PRESETS.map((value) => ({ value, label: S.presets[value] }));

export interface AnalyticsFiltersProps {
  /** The user's profiles with analytics.view. */
  profiles: readonly { account_uuid: string; name: string }[];
  /** What the address says. */
  state: AnalyticsUrlState;
  errors: AnalyticsUrlErrors;
  /** The period on screen: «Свои даты» start from it. */
  period: AnalyticsPeriod;
  /** A navigation is under way. */
  pending: boolean;
  /** Puts a new choice into the address (the page is then read again for it). */
  onNavigate: (state: AnalyticsUrlState) => void;
}

interface Draft {
  selected: string[];
  preset: AnalyticsPreset;
  from: string;
  to: string;
}

function draftOf(state: AnalyticsUrlState, profiles: AnalyticsFiltersProps['profiles']): Draft {
  return {
    selected: state.accounts ?? profiles.map((p) => p.account_uuid),
    preset: state.preset,
    from: state.from,
    to: state.to,
  };
}

/**
 * Profiles (checkboxes, when there is more than one) and period (a preset, or two dates). A
 * preset or a profile applies at once; two dates apply with «Показать». The choice lives in
 * the address, so the back button walks through it and a link shares it.
 */
export function AnalyticsFilters({ profiles, state, errors, period, pending, onNavigate }: AnalyticsFiltersProps) {
  const [draft, setDraft] = useState(() => draftOf(state, profiles));
  const [profilesError, setProfilesError] = useState<string | null>(null);
  // Back/forward changes the address under us: the fields follow it.
  const [seen, setSeen] = useState(state);
  if (seen !== state) {
    setSeen(state);
    setDraft(draftOf(state, profiles));
    setProfilesError(null);
  }

  const go = (next: Draft) => {
    const all = next.selected.length === profiles.length;
    onNavigate({
      accounts: all ? null : profiles.map((p) => p.account_uuid).filter((uuid) => next.selected.includes(uuid)),
      preset: next.preset,
      from: next.preset === 'custom' ? next.from : '',
      to: next.preset === 'custom' ? next.to : '',
      dataType: state.dataType,
    });
  };

  const toggleProfile = (uuid: string, on: boolean) => {
    const selected = on ? [...draft.selected, uuid] : draft.selected.filter((s) => s !== uuid);
    const next = { ...draft, selected };
    setDraft(next);
    if (selected.length === 0) {
      setProfilesError(S.profilesRequired);
      return;
    }
    setProfilesError(null);
    go(next);
  };

  const choosePreset = (value: string) => {
    const preset = value as AnalyticsPreset;
    if (preset === 'custom') {
      setDraft({ ...draft, preset, from: draft.from || period.from, to: draft.to || period.to });
      return;
    }
    const next = { ...draft, preset };
    setDraft(next);
    if (draft.selected.length > 0) go(next);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (draft.selected.length === 0) {
      setProfilesError(S.profilesRequired);
      return;
    }
    go(draft);
  };

  const single = profiles.length === 1 ? profiles[0] : undefined;
  const profileError = profilesError ?? errors.profiles;

  return (
    <form
      className={styles.filters}
      aria-labelledby="analytics-filters-h"
      onSubmit={onSubmit}
      method="get"
      action="/personal-account/analytics"
      noValidate
    >
      <h2 id="analytics-filters-h" className={styles.filtersTitle}>
        {S.filtersTitle}
      </h2>
      {single ? (
        <div>
          <p className={styles.periodLine}>{S.profileOnly(single.name)}</p>
          {profileError ? (
            <p className={styles.fieldError} role="alert">
              {profileError}
            </p>
          ) : null}
        </div>
      ) : (
        <fieldset className={styles.profiles} aria-describedby={profileError ? 'analytics-profiles-error' : undefined}>
          <legend className={styles.legend}>{S.profilesLegend}</legend>
          <div className={styles.profileList}>
            {profiles.map((p) => (
              <Checkbox
                key={p.account_uuid}
                label={p.name}
                checked={draft.selected.includes(p.account_uuid)}
                onCheckedChange={(on) => toggleProfile(p.account_uuid, on)}
              />
            ))}
          </div>
          {profileError ? (
            <p id="analytics-profiles-error" className={styles.fieldError} role="alert">
              {profileError}
            </p>
          ) : null}
        </fieldset>
      )}
      <div className={styles.filterRow}>
        <Select
          label={S.periodLabel}
          name="period"
          options={PRESET_OPTIONS}
          value={draft.preset}
          onValueChange={choosePreset}
        />
        {draft.preset === 'custom' ? (
          <>
            <TextInput
              label={S.dateFrom}
              name="from"
              type="date"
              clearable={false}
              value={draft.from}
              max={draft.to || undefined}
              error={errors.from}
              onValueChange={(from) => setDraft({ ...draft, from })}
            />
            <TextInput
              label={S.dateTo}
              name="to"
              type="date"
              clearable={false}
              value={draft.to}
              min={draft.from || undefined}
              error={errors.to}
              onValueChange={(to) => setDraft({ ...draft, to })}
            />
          </>
        ) : null}
        <div className={styles.applyCell}>
          <Button type="submit" loading={pending}>
            {S.apply}
          </Button>
        </div>
      </div>
    </form>
  );
}
