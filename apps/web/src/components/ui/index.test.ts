import { MESSAGES } from '@freight/domain/messages';
import { describe, expect, it } from 'vitest';
import * as ui from './index';

describe('components/ui index', () => {
  it.each([
    'ActionRow',
    'Alert',
    'Badge',
    'Button',
    'CaptchaNoScript',
    'CaptchaStatus',
    'Checkbox',
    'Combobox',
    'CheckIcon',
    'CloseIcon',
    'EyeIcon',
    'FileUpload',
    'Hint',
    'InfoIcon',
    'ItemList',
    'ItemMeta',
    'ItemRow',
    'ItemTitle',
    'LoadingIcon',
    'LocateIcon',
    'NumberInput',
    'Pagination',
    'Panel',
    'PhoneCallIcon',
    'PhoneInput',
    'SearchIcon',
    'Select',
    'Spinner',
    'StarRating',
    'StarsShown',
    'Table',
    'Tabs',
    'TextArea',
    'TextInput',
    'WarningIcon',
  ])('exports %s', (name) => {
    expect(typeof (ui as Record<string, unknown>)[name]).toBe('function');
  });

  it('leaves Modal (Radix) to its own path, so a barrel import never ships it (decision 009)', async () => {
    expect((ui as Record<string, unknown>).Modal).toBeUndefined();
    expect(typeof (await import('./modal')).Modal).toBe('function');
    expect(typeof (await import('./lazy-modal')).LazyModal).toBe('function');
  });

  it('takes its labels from the message catalogue', () => {
    expect(MESSAGES.ui).toMatchObject({ clear: 'Очистить', close: 'Закрыть', comboboxNothing: 'Ничего не найдено' });
    expect(MESSAGES.ui.comboboxList('Откуда')).toBe('Варианты: Откуда');
  });
});
