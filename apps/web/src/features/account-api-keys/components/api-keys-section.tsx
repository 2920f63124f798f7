'use client';

import type { ApiKey, ApiKeyList, CreatedApiKey } from '@freight/contracts/api-keys';
import { API_KEY_SCOPES, type ApiKeyScope } from '@freight/domain/api-keys';
import { formatLongDate, formatLongDateTime } from '@freight/domain/dates';
import { formatCount, pluralize } from '@freight/domain/plural';
import { API_KEYS_TEXTS } from '@freight/domain/texts/api-keys';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  Alert,
  Button,
  Checkbox,
  Hint,
  ItemList,
  ItemMeta,
  ItemRow,
  ItemTitle,
  Panel,
  TextInput,
} from '@/components/ui';
import { ApiError } from '@/lib/api/client';
import { apiKeysApi, errorMessage } from '../api/api-keys-api';
import { lazyZodResolver, preloadSchemas } from '../lib/form';
import { RevokeKey } from './revoke-key';
import { SecretDialog } from './secret-dialog';
import styles from './api-keys.module.css';

const S = API_KEYS_TEXTS.screen;

export interface ApiKeysSectionProps {
  list: ApiKeyList;
}

/**
 * «API-ключи» of /personal-account/integrations, for members with integrations.manage: the
 * profile's keys with «Отозвать» (confirmed), the form of a new key and, once it is made, the
 * dialog that shows its secret this one time. Every change re-reads the page's data.
 */
export function ApiKeysSection({ list }: ApiKeysSectionProps) {
  const [notice, setNotice] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const live = list.keys.filter((key) => key.revoked_at === null).length;
  return (
    <Panel aria-labelledby="api-keys-h">
      <h2 id="api-keys-h">{S.title}</h2>
      <Hint>{S.intro}</Hint>
      {notice ? (
        <Alert variant="success" closable onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
      <h3 className={styles.subtitle}>
        {S.listTitle}: {live} {pluralize(live, S.keyForms)}
      </h3>
      {list.keys.length === 0 ? (
        <Hint>{S.empty}</Hint>
      ) : (
        <ItemList>
          {list.keys.map((key) => (
            <KeyItem key={key.id} apiKey={key} onDone={setNotice} />
          ))}
        </ItemList>
      )}
      <CreateKeyForm accountUuid={list.account_uuid} onCreated={setCreated} />
      <SecretDialog created={created} onClose={() => setCreated(null)} />
    </Panel>
  );
}

function KeyItem({ apiKey, onDone }: { apiKey: ApiKey; onDone: (text: string) => void }) {
  const revoked = apiKey.revoked_at !== null;
  return (
    <ItemRow
      data-testid={`api-key-${apiKey.id}`}
      controls={revoked ? null : <RevokeKey id={apiKey.id} name={apiKey.name} onDone={onDone} />}
    >
      <ItemTitle>
        {apiKey.name}
        <span className={styles.state} data-state={revoked ? 'revoked' : 'active'}>
          {revoked ? S.revoked : S.active}
        </span>
      </ItemTitle>
      <ItemMeta>
        {S.prefix}: <code className={styles.code}>{apiKey.prefix}…</code>
      </ItemMeta>
      <ItemMeta>
        {S.scopesLabel}: {apiKey.scopes.map((scope) => API_KEYS_TEXTS.scopes[scope]).join(', ')}
      </ItemMeta>
      <ItemMeta>{S.createdAt(formatLongDate(apiKey.created_at), apiKey.created_by)}</ItemMeta>
      <ItemMeta>
        {apiKey.revoked_at
          ? S.revokedAt(formatLongDateTime(apiKey.revoked_at))
          : apiKey.last_used_at
            ? S.lastUsed(formatLongDateTime(apiKey.last_used_at))
            : S.neverUsed}
      </ItemMeta>
      {revoked ? null : <ItemMeta>{S.rateLimit(formatCount(apiKey.rate_limit_per_minute, S.requestForms))}</ItemMeta>}
    </ItemRow>
  );
}

interface CreateValues {
  name: string;
  scopes: ApiKeyScope[];
}

/** «Новый ключ»: a name and at least one scope; the server's field errors land under the fields. */
function CreateKeyForm({
  accountUuid,
  onCreated,
}: {
  accountUuid: string;
  onCreated: (created: CreatedApiKey) => void;
}) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CreateValues, unknown, CreateValues>({
    defaultValues: { name: '', scopes: [] },
    resolver: lazyZodResolver<CreateValues>('CreateKeyFormSchema'),
  });
  const { errors, isSubmitting } = form.formState;
  const scopesError = errors.scopes?.message ?? errors.scopes?.root?.message ?? errors.scopes?.[0]?.message;
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const created = await apiKeysApi.create({ account_uuid: accountUuid, name: values.name, scopes: values.scopes });
      form.reset({ name: '', scopes: [] });
      onCreated(created);
      router.refresh();
    } catch (e) {
      let shown = false;
      if (e instanceof ApiError) {
        for (const [field, message] of Object.entries(e.fields)) {
          if (field === 'name' || field.startsWith('scopes')) {
            form.setError(field === 'name' ? 'name' : 'scopes', { message });
            shown = true;
          }
        }
      }
      if (!shown) setFormError(errorMessage(e));
    }
  });
  return (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      onFocus={preloadSchemas}
      noValidate
      aria-labelledby="api-keys-create-h"
    >
      <h3 id="api-keys-create-h" className={styles.subtitle}>
        {S.createTitle}
      </h3>
      <TextInput
        label={S.nameLabel}
        hint={S.nameHint}
        autoComplete="off"
        maxLength={200}
        {...form.register('name')}
        error={errors.name?.message}
      />
      <fieldset className={styles.scopes} aria-describedby={scopesError ? 'api-keys-scopes-error' : undefined}>
        <legend className={styles.legend}>{S.scopesLegend}</legend>
        {API_KEY_SCOPES.map((scope) => (
          <Checkbox
            key={scope}
            label={API_KEYS_TEXTS.scopes[scope]}
            description={API_KEYS_TEXTS.scopeHints[scope]}
            value={scope}
            invalid={Boolean(scopesError)}
            {...form.register('scopes')}
          />
        ))}
        {scopesError ? (
          <p id="api-keys-scopes-error" className={styles.error}>
            {scopesError}
          </p>
        ) : null}
      </fieldset>
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <div>
        <Button type="submit" loading={isSubmitting}>
          {S.createSubmit}
        </Button>
      </div>
    </form>
  );
}
