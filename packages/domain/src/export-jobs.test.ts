import { describe, expect, it } from 'vitest';
import { exportProgressText, isExportPending } from './export-jobs';

describe('exportProgressText', () => {
  it.each([
    [1_200, 10_000, 'Готовим файл… 1\u00A0200 из 10\u00A0000 строк'],
    [0, 1, 'Готовим файл… 0 из 1 строки'],
    [1, 2, 'Готовим файл… 1 из 2 строк'],
    [20, 21, 'Готовим файл… 20 из 21 строки'],
    [5, 5, 'Готовим файл… 5 из 5 строк'],
    [150_000, 100_000, 'Готовим файл… 100\u00A0000 из 100\u00A0000 строк'],
    [-3, 10, 'Готовим файл… 0 из 10 строк'],
    [0, null, 'Готовим файл…'],
    [0, 0, 'Готовим файл…'],
  ])('%s of %s → %s', (done, total, text) => {
    expect(exportProgressText(done, total)).toBe(text);
  });
});

describe('isExportPending', () => {
  it.each([
    ['queued', true],
    ['running', true],
    ['ready', false],
    ['failed', false],
  ] as const)('%s → %s', (status, pending) => {
    expect(isExportPending(status)).toBe(pending);
  });
});
