'use client';

import type { WebhookEndpoint, WebhookList } from '@freight/contracts/webhooks';
import { formatLongDate } from '@freight/domain/dates';
import { WEBHOOKS_TEXTS } from '@freight/domain/texts/webhooks';
import { WEBHOOK_EVENTS, webhookEventLabel, type WebhookEvent } from '@freight/domain/webhooks';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ActionRow, Alert, Badge, Button, Checkbox, Hint, TextInput } from '@/components/ui';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { ApiError } from '@/lib/api/client';
import { errorMessage, webhooksApi } from '../api/webhooks-api';
import { lazyZodResolver, preloadSchemas } from '../lib/form';
import { DeliveriesTable } from './deliveries-table';
import styles from './webhooks.module.css';

const S = WEBHOOKS_TEXTS.screen;

/**
 * The webhooks of one profile: the form that adds an address (its secret then shown once), and
 * each address with its events, on/off, the test event, deletion and its deliveries. Every change
 * re-reads the page's data.
 */
export function WebhooksManager({ list }: { list: WebhookList }) {
  const [notice, setNotice] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ url: string; value: string } | null>(null);
  const full = list.endpoints.length >= list.max_endpoints;
  return (
    <div className={styles.stack}>
      {notice ? (
        <Alert variant="success" closable onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
      {secret ? <SecretReveal url={secret.url} secret={secret.value} onDone={() => setSecret(null)} /> : null}
      {full ? (
        <Alert variant="info">{S.limitReached}</Alert>
      ) : (
        <EndpointForm
          accountUuid={list.account_uuid}
          onCreated={(url, value) => {
            setNotice(S.added);
            setSecret({ url, value });
          }}
        />
      )}
      <section aria-labelledby="webhooks-list-h">
        <h3 id="webhooks-list-h">{S.listTitle}</h3>
        {list.endpoints.length === 0 ? (
          <Hint>{S.empty}</Hint>
        ) : (
          <ul className={styles.list}>
            {list.endpoints.map((endpoint) => (
              <EndpointItem key={endpoint.id} endpoint={endpoint} onDone={setNotice} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

interface FormValues {
  url: string;
  events: WebhookEvent[];
}

/** «Новый адрес»: the URL and the events; the server's field errors land under the fields. */
function EndpointForm({
  accountUuid,
  onCreated,
}: {
  accountUuid: string;
  onCreated: (url: string, secret: string) => void;
}) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, FormValues>({
    defaultValues: { url: '', events: [] },
    resolver: lazyZodResolver<FormValues, FormValues>('WebhookFormSchema'),
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const created = await webhooksApi.create({ account_uuid: accountUuid, ...values });
      form.reset({ url: '', events: [] });
      onCreated(created.endpoint.url, created.secret);
      router.refresh();
    } catch (e) {
      let shown = false;
      if (e instanceof ApiError) {
        for (const [field, message] of Object.entries(e.fields)) {
          if (field === 'url' || field === 'events') {
            form.setError(field, { message });
            shown = true;
          }
        }
      }
      if (!shown) setFormError(errorMessage(e));
    }
  });
  return (
    <section aria-labelledby="webhooks-form-h">
      <h3 id="webhooks-form-h">{S.formTitle}</h3>
      <form className={styles.form} onSubmit={onSubmit} onFocus={preloadSchemas} noValidate>
        <TextInput
          label={S.urlLabel}
          hint={S.urlHint}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://"
          {...form.register('url')}
          error={errors.url?.message}
        />
        <fieldset className={styles.events} aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
          <legend>{S.eventsLegend}</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <Checkbox
              key={event}
              value={event}
              label={webhookEventLabel(event)}
              description={WEBHOOKS_TEXTS.events[event].description}
              invalid={Boolean(errors.events)}
              {...form.register('events')}
            />
          ))}
          {errors.events?.message ? (
            <p id="webhook-events-error" className={styles.fieldError} role="alert">
              {errors.events.message}
            </p>
          ) : null}
        </fieldset>
        {formError ? <Alert variant="error">{formError}</Alert> : null}
        <ActionRow>
          <Button type="submit" loading={isSubmitting}>
            {S.submit}
          </Button>
        </ActionRow>
      </form>
    </section>
  );
}

/** The new address's secret, shown this once, with «Скопировать». */
function SecretReveal({ url, secret, onDone }: { url: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // No clipboard (an insecure context, a refusal): the value stays selectable on screen.
    }
  };
  return (
    <section className={styles.secret} aria-labelledby="webhooks-secret-h" role="status">
      <h3 id="webhooks-secret-h">{S.secretTitle}</h3>
      <p className={styles.url}>{url}</p>
      <Hint>{S.secretText}</Hint>
      <div>
        <Hint as="span">{S.secretLabel}</Hint>
        <code className={styles.secretValue} data-testid="webhook-secret">
          {secret}
        </code>
      </div>
      <ActionRow>
        <Button appearance="secondary" onClick={() => void copy()}>
          {copied ? S.copied : S.copy}
        </Button>
        <Button onClick={onDone}>{S.secretDone}</Button>
      </ActionRow>
    </section>
  );
}

function EndpointItem({ endpoint, onDone }: { endpoint: WebhookEndpoint; onDone: (text: string) => void }) {
  const router = useRouter();
  const [events, setEvents] = useState<WebhookEvent[]>(endpoint.events);
  const [busy, setBusy] = useState<'events' | 'active' | 'ping' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [showDeliveries, setShowDeliveries] = useState(false);
  // What the server says wins after a refresh.
  const [seen, setSeen] = useState(endpoint.events);
  if (seen !== endpoint.events) {
    setSeen(endpoint.events);
    setEvents(endpoint.events);
  }
  const changed = events.length !== endpoint.events.length || events.some((e) => !endpoint.events.includes(e));

  const act = async (kind: 'events' | 'active' | 'ping', run: () => Promise<unknown>, done: string) => {
    setBusy(kind);
    setError(null);
    try {
      await run();
      onDone(done);
      router.refresh();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((current) => WEBHOOK_EVENTS.filter((e) => (e === event ? on : current.includes(e))));

  return (
    <li className={styles.endpoint}>
      <div>
        <p className={styles.url}>
          {endpoint.url}{' '}
          <Badge tone={endpoint.is_active ? 'success' : 'neutral'} size="s">
            {endpoint.is_active ? S.active : S.inactive}
          </Badge>
        </p>
        <p className={styles.meta}>
          {S.createdAt(formatLongDate(endpoint.created_at))}
          {endpoint.created_by ? ` · ${endpoint.created_by}` : ''}
        </p>
      </div>
      <fieldset className={styles.events}>
        <legend>{S.eventsLegend}</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <Checkbox
            key={event}
            label={webhookEventLabel(event)}
            checked={events.includes(event)}
            onCheckedChange={(on) => toggle(event, on)}
          />
        ))}
      </fieldset>
      <ActionRow>
        {changed ? (
          <Button
            loading={busy === 'events'}
            disabled={events.length === 0}
            onClick={() => void act('events', () => webhooksApi.update(endpoint.id, { events }), S.eventsSaved)}
          >
            {S.saveEvents}
          </Button>
        ) : null}
        <Button
          appearance="secondary"
          loading={busy === 'active'}
          onClick={() =>
            void act(
              'active',
              () => webhooksApi.update(endpoint.id, { is_active: !endpoint.is_active }),
              endpoint.is_active ? S.disabled : S.enabled,
            )
          }
        >
          {endpoint.is_active ? S.disable : S.enable}
        </Button>
        {endpoint.is_active ? (
          <Button
            appearance="secondary"
            loading={busy === 'ping'}
            onClick={() => void act('ping', () => webhooksApi.ping(endpoint.id), S.pinged)}
          >
            {S.ping}
          </Button>
        ) : null}
        <RemoveEndpoint endpoint={endpoint} onDone={onDone} />
        <Button appearance="link" aria-expanded={showDeliveries} onClick={() => setShowDeliveries((v) => !v)}>
          {showDeliveries ? S.deliveriesHide : S.deliveriesShow}
        </Button>
      </ActionRow>
      {error ? <Alert variant="error">{error}</Alert> : null}
      {showDeliveries ? <DeliveriesTable endpointId={endpoint.id} /> : null}
    </li>
  );
}

/** «Удалить» with a confirmation dialog: the address and its delivery history go. */
function RemoveEndpoint({ endpoint, onDone }: { endpoint: WebhookEndpoint; onDone: (text: string) => void }) {
  const router = useRouter();
  return (
    <ConfirmAction
      label={S.remove}
      ariaLabel={`${S.remove}: ${endpoint.url}`}
      title={S.remove}
      description={S.removeConfirm(endpoint.url)}
      cancelLabel={S.removeCancel}
      confirmLabel={S.removeConfirmYes}
      errorText={errorMessage}
      onConfirm={async () => {
        await webhooksApi.remove(endpoint.id);
        onDone(S.removed);
        router.refresh();
      }}
    />
  );
}
