'use client';

import { CARGO_TABS, type CargoPatch, type CargoTab } from '@freight/domain/cargo';
import { withComputedVolume } from '@freight/domain/shipment/volume';
import { ORDER_TEXTS } from '@freight/domain/texts/order';
import { formatRub, formatNumber } from '@freight/domain/money';
import { SHIPMENT_INPUT_DECIMALS as DECIMALS } from '@freight/domain/shipment/limits';
import { clsx } from 'clsx';
import { Tabs } from '@/components/ui/tabs';
import { Select } from '@/components/ui/select';
import type { CargoTypeOption, PackageOption } from '../api/order-api';
import { DraftNumberInput } from './controls';
import type { StepProps } from './step-props';
import styles from './order.module.css';

const T = ORDER_TEXTS;

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
          <DraftNumberInput
            label={T.quantity}
            name="quantity"
            decimals={DECIMALS.quantity}
            required
            value={cargo.quantity}
            error={quantityError}
            clearable={false}
            containerClassName={styles.narrow}
            onNumber={(quantity) => updateMeasures({ quantity: quantity ?? 1 })}
          />
        ) : null}
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{cargo.tab === 'multiple' ? T.placeSizeMultiple : T.placeSize}</legend>
          <div className={styles.dims}>
            {(['length', 'width', 'height'] as const).map((key) => (
              <DraftNumberInput
                key={key}
                label={T[key]}
                name={key}
                decimals={DECIMALS.dimension}
                value={cargo[key]}
                readOnly={documents}
                clearable={!documents}
                error={errors[`cargo.${key}`]}
                onNumber={(value) => updateMeasures({ [key]: value })}
              />
            ))}
          </div>
        </fieldset>
        <div className={styles.grid2}>
          <DraftNumberInput
            label={cargo.tab === 'multiple' ? T.weightTotal : T.weight}
            name="weight"
            decimals={DECIMALS.weight}
            value={cargo.weight}
            readOnly={documents}
            clearable={!documents}
            error={errors['cargo.weight']}
            onNumber={(weight) => dispatch({ type: 'cargo/update', patch: { weight } })}
          />
          <DraftNumberInput
            label={cargo.tab === 'multiple' ? T.volumeTotal : T.volume}
            name="volume"
            decimals={DECIMALS.volume}
            value={cargo.volume}
            readOnly={documents}
            clearable={!documents}
            error={errors['cargo.volume']}
            onNumber={(volume) => dispatch({ type: 'cargo/update', patch: { volume } })}
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
                  <DraftNumberInput
                    label={T.packageQuantity(pkg.name)}
                    containerClassName={styles.packageQuantity}
                    className={styles.quantityInput}
                    decimals={DECIMALS.packageQuantity}
                    required
                    clearable={false}
                    value={item ? item.quantity : 0}
                    onNumber={(quantity) =>
                      dispatch({ type: 'packages/setQuantity', id: pkg.code, quantity: quantity ?? 0 })
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
