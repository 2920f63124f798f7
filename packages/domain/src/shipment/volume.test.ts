import { describe, expect, it } from 'vitest';
import { createOrderDraft } from '../order-draft';
import { dimensionsVolume, isVolumeComputed, shipmentVolume, withComputedVolume, type VolumeMeasures } from './volume';
import { multiple } from './shipment-test-kit';

describe('shipmentVolume', () => {
  it.each<[VolumeMeasures, number | null]>([
    [{ length: 100, width: 100, height: 100 }, 1],
    [{ length: 100, width: 100, height: 100, quantity: 3 }, 3],
    [{ length: 31, width: 25, height: 1 }, 0.000775],
    [{ length: 120, width: 80, height: 100, quantity: 2 }, 1.92],
    [{ length: 10.5, width: 10, height: 10 }, 0.00105],
    [{ length: 0.1, width: 0.1, height: 0.1 }, 0], // below 1 cm³ rounds to 0
    [{ length: 30, width: 20, height: 10, quantity: null }, 0.006],
    [{ length: 10, width: 10, height: null }, null],
    [{ length: 10, width: undefined, height: 10 }, null],
    [{ length: 0, width: 10, height: 10 }, null],
    [{ length: -10, width: 10, height: 10 }, null],
    [{ length: 10, width: 10, height: 10, quantity: 0 }, null],
    [{ length: Number.NaN, width: 10, height: 10 }, null],
  ])('%j → %s m³', (input, expected) => {
    expect(shipmentVolume(input)).toBe(expected);
  });
});

describe('shipmentVolume: a stated volume wins', () => {
  it.each<[VolumeMeasures, number | null]>([
    [{ volume: 0.5 }, 0.5],
    [{ volume: 0.5, quantity: 3 }, 0.5],
    [{ length: 80, width: 80, height: 80, volume: 0.5 }, 0.5],
    [{ length: 80, width: 80, height: 80, volume: null }, 0.512],
    [{ length: 80, width: 80, height: 80, volume: 0 }, 0.512],
    [{ volume: -1 }, null],
  ])('%j → %s m³', (input, expected) => {
    expect(shipmentVolume(input)).toBe(expected);
  });

  it('dimensionsVolume ignores the stated volume', () => {
    expect(dimensionsVolume({ length: 80, width: 80, height: 80, volume: 0.5 })).toBe(0.512);
  });
});

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
