import { describe, expect, it } from 'vitest';
import { draftFromCalculatorQuery } from '@freight/domain/shipment/query';
import { createOrderDraft } from '@freight/domain/order-draft';
import { apply, multiple } from '@freight/domain/shipment/shipment-test-kit';
import { cityRefOf } from '@freight/domain/order-draft';
import { calculatorHref, crateActions, orderHref, packageSyncActions } from './draft-glue';

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
        city_departure: cityRefOf({ id: 1, fias_id: null, name: 'Москва' }),
        city_delivery: cityRefOf({ id: 62, fias_id: null, name: 'Новосибирск' }),
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
