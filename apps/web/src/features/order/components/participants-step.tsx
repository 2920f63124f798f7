'use client';

import { ORDER_TEXTS } from '@freight/domain/texts/order';
import {
  PARTICIPANT_ROLES,
  PARTICIPANT_TYPES,
  type ParticipantKey,
  type ParticipantRole,
  type ParticipantsState,
  type ParticipantType,
} from '@freight/domain/order-draft';
import { Link } from '@/components/ui/link';
import { useState } from 'react';
import { Button, PhoneInput, SearchIcon, TextInput } from '@/components/ui';
import { orderApi } from '../api/order-api';
import { Select } from '@/components/ui/select';
import { ChoiceGroup } from './controls';
import type { StepProps } from './step-props';
import styles from './order.module.css';

const T = ORDER_TEXTS;

const TYPE_FIELD: Record<ParticipantKey, keyof ParticipantsState> = {
  sender: 'senderType',
  recipient: 'recipientType',
  payer: 'payerType',
  customer: 'customerType',
};

type LookupState = 'unknown' | 'available' | 'unavailable';

export function ParticipantsStep({
  draft,
  dispatch,
  errors,
  signedIn,
  signInHref,
}: StepProps & { signedIn: boolean; signInHref: string }) {
  const [lookup, setLookup] = useState<LookupState>('unknown');
  const common = { draft, dispatch, errors, lookup, onLookupState: setLookup };
  return (
    <div className={styles.stack}>
      {signedIn ? null : (
        <p className={styles.notice}>
          {T.signInPrefix} <Link href={signInHref}>{T.signInLink}</Link> {T.signInSuffix}
        </p>
      )}
      <ParticipantForm participant="sender" title={T.sender} {...common} />
      <ParticipantForm participant="recipient" title={T.recipient} {...common} />
      <RoleBlock role="payer" {...common} />
      <RoleBlock role="customer" {...common} />
    </div>
  );
}

interface CommonProps extends StepProps {
  lookup: LookupState;
  onLookupState: (state: LookupState) => void;
}

function RoleBlock({ role, ...common }: CommonProps & { role: 'payer' | 'customer' }) {
  const value = common.draft.participants[role];
  return (
    <section className={styles.panel} aria-labelledby={`${role}-title`}>
      <h3 id={`${role}-title`} className={styles.panelTitle}>
        {role === 'payer' ? T.payer : T.customer}
      </h3>
      <ChoiceGroup<ParticipantRole>
        legend={role === 'payer' ? T.payerIs : T.customerIs}
        name={role}
        layout="cards"
        options={PARTICIPANT_ROLES}
        value={value}
        onChange={(next) => common.dispatch({ type: 'participants/update', patch: { [role]: next } })}
      />
      {value === 'third_party' ? <ParticipantFields participant={role} {...common} /> : null}
    </section>
  );
}

function ParticipantForm({
  participant,
  title,
  ...common
}: CommonProps & { participant: ParticipantKey; title: string }) {
  return (
    <section className={styles.panel} aria-labelledby={`${participant}-title`}>
      <h3 id={`${participant}-title`} className={styles.panelTitle}>
        {title}
      </h3>
      <ParticipantFields participant={participant} {...common} />
    </section>
  );
}

function ParticipantFields({
  participant,
  draft,
  dispatch,
  errors,
  lookup,
  onLookupState,
}: CommonProps & { participant: ParticipantKey }) {
  const typeField = TYPE_FIELD[participant];
  const type = draft.participants[typeField] as ParticipantType;
  const details = draft.contacts[participant];
  const at = (field: string) => errors[`contacts.${participant}.${field}`];
  const update = (patch: Partial<typeof details>) => dispatch({ type: 'contacts/update', participant, patch });
  const [lookupMessage, setLookupMessage] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const company = type !== 'individual';

  async function findByInn() {
    if (details.inn.length !== 10 && details.inn.length !== 12) {
      setLookupMessage(T.innLookupNeedsInn);
      return;
    }
    setSearching(true);
    setLookupMessage(null);
    try {
      const answer = await orderApi.clientSelection(details.inn);
      if (answer.source !== 'dadata') {
        onLookupState('unavailable');
        setLookupMessage(T.innLookupUnavailable);
        return;
      }
      onLookupState('available');
      const found = answer.suggestions.find((s) => s.inn === details.inn) ?? answer.suggestions[0];
      if (!found) {
        setLookupMessage(T.innLookupNotFound);
        return;
      }
      update({ name: found.value, ...(type === 'legal' && found.kpp ? { kpp: found.kpp } : {}) });
      setLookupMessage(T.innLookupFilled(found.value));
    } catch {
      setLookupMessage(T.innLookupFailed);
    } finally {
      setSearching(false);
    }
  }

  return (
    <div className={styles.stack}>
      <Select
        label={T.participantType}
        value={type}
        options={PARTICIPANT_TYPES}
        onValueChange={(value) =>
          dispatch({ type: 'participants/update', patch: { [typeField]: value as ParticipantType } })
        }
      />
      {company ? (
        <div className={styles.innRow}>
          <TextInput
            label={T.inn}
            name={`${participant}-inn`}
            inputMode="numeric"
            autoComplete="off"
            value={details.inn}
            error={at('inn')}
            containerClassName={styles.grow}
            onValueChange={(inn) => update({ inn })}
          />
          {lookup !== 'unavailable' ? (
            <Button
              appearance="secondary"
              className={styles.innButton}
              loading={searching}
              iconStart={<SearchIcon size={16} />}
              onClick={() => void findByInn()}
            >
              {T.innLookup}
            </Button>
          ) : null}
        </div>
      ) : null}
      {lookupMessage ? (
        <p className={styles.hint} role="status">
          {lookupMessage}
        </p>
      ) : null}
      <TextInput
        label={type === 'legal' ? T.companyName : type === 'entrepreneur' ? T.entrepreneurName : T.fullName}
        name={`${participant}-name`}
        autoComplete={participant === 'sender' && type === 'individual' ? 'name' : 'off'}
        value={details.name}
        error={at('name')}
        onValueChange={(name) => update({ name })}
      />
      {type === 'legal' ? (
        <TextInput
          label={T.kpp}
          name={`${participant}-kpp`}
          autoComplete="off"
          value={details.kpp}
          error={at('kpp')}
          onValueChange={(kpp) => update({ kpp })}
        />
      ) : null}
      <div className={styles.grid2}>
        <PhoneInput
          label={T.phone}
          name={`${participant}-phone`}
          autoComplete={participant === 'sender' ? 'tel' : 'off'}
          value={details.phone}
          error={at('phone')}
          onValueChange={(phone) => update({ phone })}
        />
        <TextInput
          label={T.emailOptional}
          name={`${participant}-email`}
          type="email"
          inputMode="email"
          autoComplete={participant === 'sender' ? 'email' : 'off'}
          value={details.email}
          error={at('email')}
          onValueChange={(email) => update({ email })}
        />
      </div>
    </div>
  );
}
