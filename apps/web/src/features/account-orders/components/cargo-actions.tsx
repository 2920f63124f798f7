'use client';

import type { CargoDetails, ContactsChangeRequest } from '@freight/contracts/orders';
import { formatPhone } from '@freight/domain/phone';
import { ACCOUNT_ORDERS_TEXTS } from '@freight/domain/texts/account-orders';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, Button, Checkbox, PhoneInput, TextInput } from '@/components/ui';
import { LazyModal, preloadModal } from '@/components/ui/lazy-modal';
import { ApiError } from '@/lib/api/client';
import { errorMessage, ordersApi } from '../api/orders-api';
import { lazyZodResolver, preloadSchemas } from '../lib/form';
import styles from './orders.module.css';

const T = ACCOUNT_ORDERS_TEXTS;

/**
 * «Отменить заявку» with a confirmation dialog while the cargo may be cancelled (`cancellable`);
 * the card is re-read afterwards. «Заявка отменена» stays after that refresh, which makes the
 * cargo no longer cancellable (the state lives here, so the card keeps this mounted).
 */
export function CancelCargo({ track, cancellable }: { track: string; cancellable: boolean }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await ordersApi.cancel(track);
      setDone(true);
      setOpen(false);
      router.refresh();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  if (done) return <Alert variant="success">{T.cancelled}</Alert>;
  if (!cancellable) return null;
  return (
    <>
      <Button appearance="dangerous" onClick={() => setOpen(true)} onPointerEnter={preloadModal} onFocus={preloadModal}>
        {T.cancel}
      </Button>
      <LazyModal
        open={open}
        onOpenChange={setOpen}
        title={T.cancelConfirmTitle}
        description={T.cancelConfirmText(track)}
        maxWidth={480}
        footer={
          <div className={styles.modalActions}>
            <Button appearance="secondary" onClick={() => setOpen(false)}>
              {T.cancelKeep}
            </Button>
            <Button appearance="dangerous" loading={busy} onClick={() => void confirm()}>
              {T.cancelConfirm}
            </Button>
          </div>
        }
      >
        {error && <Alert variant="error">{error}</Alert>}
      </LazyModal>
    </>
  );
}

interface ContactsFormValues {
  participant: 'sender' | 'recipient';
  name: string;
  phone: string;
  email: string;
  consent: boolean;
}

function valuesFor(cargo: CargoDetails, participant: 'sender' | 'recipient'): ContactsFormValues {
  const person = cargo[participant];
  return {
    participant,
    name: person.name ?? '',
    phone: person.phone ? formatPhone(person.phone) || person.phone : '',
    email: person.email ?? '',
    consent: false,
  };
}

/** «Изменить контакты» of the sender or the recipient (with the personal-data consent). */
export function ChangeContacts({ track, cargo }: { track: string; cargo: CargoDetails }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ContactsFormValues, unknown, ContactsChangeRequest>({
    defaultValues: valuesFor(cargo, 'recipient'),
    resolver: lazyZodResolver<ContactsFormValues, ContactsChangeRequest>('ContactsFormSchema'),
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    setError(null);
    try {
      await ordersApi.changeContacts(track, body);
      setSaved(true);
      setOpen(false);
      router.refresh();
    } catch (e) {
      if (e instanceof ApiError) {
        for (const [field, message] of Object.entries(e.fields)) {
          form.setError(field as keyof ContactsFormValues, { message });
        }
      }
      setError(errorMessage(e));
    }
  });
  return (
    <>
      <Button
        appearance="secondary"
        onClick={() => {
          setSaved(false);
          setOpen(true);
        }}
        onPointerEnter={preloadModal}
        onFocus={() => {
          preloadModal();
          preloadSchemas();
        }}
      >
        {T.changeContacts}
      </Button>
      {saved && <Alert variant="success">{T.contactsSaved}</Alert>}
      <LazyModal open={open} onOpenChange={setOpen} title={T.changeContactsTitle} maxWidth={520}>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <fieldset className={styles.statuses}>
            <legend className={styles.legend}>{T.participant}</legend>
            <div className={styles.radioRow}>
              {(['sender', 'recipient'] as const).map((key) => (
                <label key={key}>
                  <input
                    type="radio"
                    value={key}
                    {...form.register('participant', {
                      onChange: () => form.reset(valuesFor(cargo, key)),
                    })}
                  />
                  {key === 'sender' ? T.participantSender : T.participantRecipient}
                </label>
              ))}
            </div>
          </fieldset>
          <TextInput label={T.contactName} {...form.register('name')} error={errors.name?.message} maxLength={200} />
          <PhoneInput label={T.contactPhone} {...form.register('phone')} error={errors.phone?.message} />
          <TextInput
            label={T.contactEmail}
            type="email"
            {...form.register('email')}
            error={errors.email?.message}
            maxLength={320}
          />
          <Checkbox label={T.contactsConsent} {...form.register('consent')} error={errors.consent?.message} />
          {error && <Alert variant="error">{error}</Alert>}
          <div className={styles.modalActions}>
            <Button type="submit" loading={isSubmitting}>
              {T.save}
            </Button>
          </div>
        </form>
      </LazyModal>
    </>
  );
}
