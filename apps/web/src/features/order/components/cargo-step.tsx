'use client';

import { CARGO_TABS, type CargoPatch, type CargoTab } from '@freight/domain/cargo';
import { withComputedVolume } from '@freight/domain/shipment/volume';
import { ORDER_TEXTS } from '@freight/domain/texts/order';
import { formatRub, formatNumber } from '@freight/domain/money';
import { clsx } from 'clsx';
import { NumberInput } from '@/components/ui';
import { Tabs } from '@/components/ui/tabs';
import { Select } from '@/components/ui/select';
import type { CargoTypeOption, PackageOption } from '../api/order-api';
import type { StepProps } from './step-props';
import styles from './order.module.css';

const T = ORDER_TEXTS;

/** A number field's text → the draft's number (empty → null). */
export function parseNumberInput(text: string): number | null {
  const normalized = text.replace(',', '.').trim();
  if (normalized === '') return null;
  const value = Number(normalized);
  return Number.isFinite(value) ? value : null;
}

const show = (value: number | null) => (value === null ? '' : String(value));

export function CargoStep({
  draft,
  dispatch,
  errors,
  packages,
  cargoTypes,
}: StepProps & { packages: PackageOption[] | null; cargoTypes: CargoTypeOption[] | null }) {
  const cargo = draft.cargo;
  const documents = cargo.tab === 'documents';

  /** Dimensions fill the total volume in (the calculator's rule, `withComputedVolume`). */
  function updateMeasures(patch: CargoPatch) {
    dispatch({ type: 'cargo/update', patch: withComputedVolume(cargo, patch) });
  }

  function selectTab(tab: CargoTab) {
    dispatch({ type: 'cargo/selectTab', tab });
    if (tab === 'documents') {
      const documentsType = cargoTypes?.find((t) => t.code === 'documents');
      if (documentsType) dispatch({ type: 'cargoType/select', id: documentsType.code });
    }
  }

  const quantityError = errors['cargo.quantity'];
  return (
    <div className={styles.stack}>
      <Tabs
        label={T.cargoTabs}
        items={CARGO_TABS}
        value={cargo.tab}
        onValueChange={selectTab}
        panelClassName={styles.stack}
      >
        {documents ? <p className={styles.hint}>{T.documentsHint}</p> : null}
        {cargo.tab === 'multiple' ? (
          <NumberInput
            label={T.quantity}
            name="quantity"
            inputMode="numeric"
            step={1}
            min={1}
            max={500}
            value={String(cargo.quantity)}
            error={quantityError}
            containerClassName={styles.narrow}
            onValueChange={(text) => updateMeasures({ quantity: parseNumberInput(text) ?? 1 })}
          />
        ) : null}
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{cargo.tab === 'multiple' ? T.placeSizeMultiple : T.placeSize}</legend>
          <div className={styles.dims}>
            {(['length', 'width', 'height'] as const).map((key) => (
              <NumberInput
                key={key}
                label={T[key]}
                name={key}
                min={0}
                value={show(cargo[key])}
                readOnly={documents}
                clearable={!documents}
                error={errors[`cargo.${key}`]}
                onValueChange={(text) => updateMeasures({ [key]: parseNumberInput(text) })}
              />
            ))}
          </div>
        </fieldset>
        <div className={styles.grid2}>
          <NumberInput
            label={cargo.tab === 'multiple' ? T.weightTotal : T.weight}
            name="weight"
            min={0}
            value={show(cargo.weight)}
            readOnly={documents}
            clearable={!documents}
            error={errors['cargo.weight']}
            onValueChange={(text) => dispatch({ type: 'cargo/update', patch: { weight: parseNumberInput(text) } })}
          />
          <NumberInput
            label={cargo.tab === 'multiple' ? T.volumeTotal : T.volume}
            name="volume"
            min={0}
            value={show(cargo.volume)}
            readOnly={documents}
            clearable={!documents}
            error={errors['cargo.volume']}
            onValueChange={(text) => dispatch({ type: 'cargo/update', patch: { volume: parseNumberInput(text) } })}
          />
        </div>
        {!documents ? <p className={styles.hint}>{T.volumeHint}</p> : null}
      </Tabs>

      <Select
        label={T.cargoType}
        value={draft.cargoType ?? ''}
        placeholder={cargoTypes ? T.cargoTypePlaceholder : T.loading}
        options={(cargoTypes ?? []).map((t) => ({ value: t.code, label: t.name }))}
        error={errors['cargoType']}
        onValueChange={(value) => dispatch({ type: 'cargoType/select', id: value || null })}
      />
      {(() => {
        const chosen = cargoTypes?.find((t) => t.code === draft.cargoType);
        if (!chosen) return null;
        return (
          <p className={clsx(styles.hint, chosen.requires_hard_packaging && styles.warningText)}>
            {chosen.description}
            {chosen.requires_hard_packaging ? ` ${T.hardPackagingNeeded}` : ''}
          </p>
        );
      })()}

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{T.packaging}</legend>
        <p className={styles.hint}>{T.packagingHint}</p>
        {packages === null ? (
          <p className={styles.hint}>{T.loading}</p>
        ) : (
          <ul className={styles.packageList}>
            {packages.map((pkg) => {
              const item = draft.packageItems.find((i) => i.id === pkg.code);
              return (
                <li key={pkg.code} className={styles.packageItem}>
                  <div>
                    <span className={styles.choiceLabel}>{pkg.name}</span>
                    <span className={styles.choiceDescription}>
                      {pkg.description} {formatRub(pkg.price_kopecks)} {T.priceUnit[pkg.price_unit]}
                    </span>
                  </div>
                  <NumberInput
                    label={T.packageQuantity(pkg.name)}
                    containerClassName={styles.packageQuantity}
                    className={styles.quantityInput}
                    inputMode="numeric"
                    step={1}
                    min={0}
                    max={500}
                    clearable={false}
                    value={item ? String(item.quantity) : '0'}
                    onValueChange={(text) =>
                      dispatch({ type: 'packages/setQuantity', id: pkg.code, quantity: parseNumberInput(text) ?? 0 })
                    }
                  />
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
      {draft.cargo.weight !== null && draft.cargo.volume !== null ? (
        <p className={styles.hint}>
          {T.cargoSummary(draft.cargo.quantity, formatNumber(draft.cargo.weight), formatNumber(draft.cargo.volume, 3))}
        </p>
      ) : null}
    </div>
  );
}
