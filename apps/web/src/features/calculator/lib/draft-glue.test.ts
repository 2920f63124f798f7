import { describe, expect, it } from 'vitest';
import { draftFromCalculatorQuery } from '@freight/domain/calculator-query';
import {
  createOrderDraft,
  orderDraftReducer,
  type OrderDraft,
  type OrderDraftAction,
} from '@freight/domain/order-draft';
import {
  calculatorHref,
  crateActions,
  isVolumeComputed,
  orderHref,
  packageSyncActions,
  parseDecimal,
  toCityRef,
  withComputedVolume,
} from './draft-glue';

const apply = (draft: OrderDraft, actions: OrderDraftAction[]) => actions.reduce(orderDraftReducer, draft);

function multiple(): OrderDraft {
  return apply(createOrderDraft(), [
    { type: 'cargo/selectTab', tab: 'multiple' },
    { type: 'cargo/update', patch: { quantity: 3 } },
  ]);
}

describe('withComputedVolume', () => {
  it('fills the total volume from one place × places once all three dimensions are known', () => {
    let cargo = multiple().cargo;
    expect(withComputedVolume(cargo, { length: 50 })).toEqual({ length: 50 });
    cargo = { ...cargo, length: 50, width: 40 };
    expect(withComputedVolume(cargo, { height: 30 })).toEqual({ height: 30, volume: 0.18 });
    cargo = { ...cargo, height: 30, volume: 0.18 };
    expect(withComputedVolume(cargo, { quantity: 4 })).toEqual({ quantity: 4, volume: 0.24 });
  });

  it('counts one place outside «Несколько мест»', () => {
    const cargo = { ...createOrderDraft().cargo, length: 100, width: 100 };
    expect(withComputedVolume(cargo, { height: 100 })).toEqual({ height: 100, volume: 1 });
  });

  it('keeps a hand-typed volume until a dimension changes, and leaves other edits alone', () => {
    const cargo = { ...multiple().cargo, length: 50, width: 40, height: 30, volume: 0.5 };
    expect(isVolumeComputed(cargo)).toBe(false);
    expect(withComputedVolume(cargo, { weight: 60 })).toEqual({ weight: 60 });
    expect(withComputedVolume(cargo, { volume: 0.7 })).toEqual({ volume: 0.7 });
    expect(withComputedVolume(cargo, { height: null })).toEqual({ height: null });
  });

  it('clears a computed volume when a dimension is cleared', () => {
    const cargo = { ...multiple().cargo, length: 50, width: 40, height: 30, volume: 0.18 };
    expect(isVolumeComputed(cargo)).toBe(true);
    expect(withComputedVolume(cargo, { height: null })).toEqual({ height: null, volume: null });
  });
});

describe('packaging and crate', () => {
  it('keeps chosen packaging at one per place after the places change', () => {
    let draft = apply(multiple(), [{ type: 'packages/setQuantity', id: 'stretch', quantity: 3 }]);
    expect(packageSyncActions(draft)).toEqual([]);
    draft = apply(draft, [{ type: 'cargo/update', patch: { quantity: 5 } }]);
    draft = apply(draft, packageSyncActions(draft));
    expect(draft.packageItems).toEqual([{ id: 'stretch', quantity: 5 }]);
  });

  it('the crate switch sets the service flag and the priced crate package together', () => {
    const on = apply(multiple(), crateActions(multiple(), true));
    expect(on.services.crate).toBe(true);
    expect(on.packageItems).toEqual([{ id: 'crate', quantity: 3 }]);
    const off = apply(on, crateActions(on, false));
    expect(off.services.crate).toBe(false);
    expect(off.packageItems).toEqual([]);
  });
});

describe('addresses', () => {
  const draft = apply(multiple(), [
    {
      type: 'destination/update',
      patch: {
        city_departure: toCityRef({ id: 1, fias_id: null, name: 'Москва' }),
        city_delivery: toCityRef({ id: 62, fias_id: null, name: 'Новосибирск' }),
      },
    },
    { type: 'cargo/update', patch: { length: 50, width: 40, height: 30, weight: 60, volume: 0.18 } },
    { type: 'services/update', patch: { declaredValue: 50_000, fragile: true } },
  ]);

  it('the order link carries every value and the chosen type; the wizard reads them back', () => {
    const href = orderHref(draft, 'avia');
    expect(href.startsWith('/order?')).toBe(true);
    const back = draftFromCalculatorQuery(new URLSearchParams(href.slice('/order?'.length)));
    expect(back.destination.city_departure).toEqual({ fias_id: '1', name: 'Москва' });
    expect(back.destination.city_delivery).toEqual({ fias_id: '62', name: 'Новосибирск' });
    expect(back.cargo).toEqual(draft.cargo);
    expect(back.services).toEqual(draft.services);
    expect(back.transportationType).toBe('avia');
  });

  it('the page address reproduces the draft and keeps the widget partner', () => {
    const href = calculatorHref('/widgets/calculator', draft, new URLSearchParams('partner=7&from=999'));
    const url = new URL(href, 'https://example.ru');
    expect(url.pathname).toBe('/widgets/calculator');
    expect(url.searchParams.get('partner')).toBe('7');
    expect(url.searchParams.get('from')).toBe('1');
    expect(draftFromCalculatorQuery(url.searchParams)).toEqual(draft);
    expect(calculatorHref('/calculator', createOrderDraft())).toBe('/calculator');
  });
});

describe('parseDecimal', () => {
  it('reads a decimal comma, treats blank as empty and garbage as unknown', () => {
    expect(parseDecimal('1,5')).toBe(1.5);
    expect(parseDecimal(' 60 ')).toBe(60);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('abc')).toBeUndefined();
  });
});
