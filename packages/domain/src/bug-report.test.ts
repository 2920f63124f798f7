import { describe, expect, it } from 'vitest';
import {
  BUG_REPORT_PLACEHOLDER_FILE,
  BugReportFileSchema,
  createBugReportSchema,
  declaredImageTypeMatches,
  getBugReportFileError,
  isAllowedImageFile,
  isBugReportPlaceholderFile,
  resolveBugReportContact,
  type FileDescriptor,
} from './bug-report';
import { BUG_REPORT_MAX_FILE_BYTES } from './constants';
import { MESSAGES } from './messages';

const png = (overrides: Partial<FileDescriptor> = {}): FileDescriptor => ({
  name: 'screen.png',
  size: 1024,
  type: 'image/png',
  ...overrides,
});

const messagesOf = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('bug-report catalogue', () => {
  it('has the exact texts of the spec', () => {
    expect(MESSAGES.bugReport).toMatchObject({
      textRequired: 'Введите сообщение',
      contactRequired: 'Введите email или телефон',
      policyAgreementRequired: 'Необходимо согласие с правилами оказания услуг',
      filesMaxCount: 'Максимальное количество файлов 10',
      fileTooLarge: 'Размер одного файла не должен превышать 1ГБ',
      fileType: 'Формат файлов должен быть JPEG или PNG',
      sendFailed: 'Что-то пошло не так',
      successTitle: 'Ваше сообщение было успешно отправлено.',
      successSubtitle: 'Спасибо за обратную связь!',
      close: 'Закрыть',
    });
    expect(MESSAGES.bugReport.policyAgreementLabel).toContain('152-ФЗ');
  });
});

describe('isAllowedImageFile / getBugReportFileError', () => {
  it.each<[Partial<FileDescriptor>, string | null]>([
    [{}, null],
    [{ type: 'image/jpeg', name: 'photo.jpg' }, null],
    [{ type: 'IMAGE/JPEG; charset=binary' }, null],
    [{ type: '', name: 'фото.JPEG' }, null], // unknown type, trusted extension
    [{ type: '', name: 'scan.jfif' }, null],
    [{ type: '', name: 'скрин.png ' }, null],
    [{ type: '', name: 'report.pdf' }, MESSAGES.bugReport.fileType],
    [{ type: '', name: 'no-extension' }, MESSAGES.bugReport.fileType],
    [{ type: 'image/gif', name: 'a.gif' }, MESSAGES.bugReport.fileType],
    [{ type: 'image/webp', name: 'a.png' }, MESSAGES.bugReport.fileType], // a known type beats the extension
    [{ type: 'application/pdf', name: 'a.png' }, MESSAGES.bugReport.fileType],
    [{ size: 0 }, null],
    [{ size: BUG_REPORT_MAX_FILE_BYTES }, null], // exactly 1 GiB
    [{ size: BUG_REPORT_MAX_FILE_BYTES + 1 }, MESSAGES.bugReport.fileTooLarge], // one byte past
    [{ size: BUG_REPORT_MAX_FILE_BYTES + 1, type: 'image/gif' }, MESSAGES.bugReport.fileTooLarge], // size first
  ])('%j → %s', (overrides, expected) => {
    const file = png(overrides);
    expect(getBugReportFileError(file)).toBe(expected);
    if (expected !== MESSAGES.bugReport.fileTooLarge) expect(isAllowedImageFile(file)).toBe(expected === null);
  });

  it('the limit is 1073741824 bytes', () => {
    expect(BUG_REPORT_MAX_FILE_BYTES).toBe(1073741824);
  });

  it.each([
    [{ name: 'a.png', size: -1, type: 'image/png' }],
    [{ name: 'a.png', size: 1.5, type: 'image/png' }],
    [{ name: 'a.png', type: 'image/png' }],
    [{ size: 1, type: 'image/png' }],
  ])('BugReportFileSchema rejects a malformed descriptor %j', (file) => {
    expect(BugReportFileSchema.safeParse(file).success).toBe(false);
  });
});

describe('declaredImageTypeMatches', () => {
  it.each<[string, string, 'image/jpeg' | 'image/png', boolean]>([
    ['photo.jpg', 'image/jpeg', 'image/jpeg', true],
    ['ФОТО.JPEG', '', 'image/jpeg', true],
    ['scan.jfif', 'application/octet-stream', 'image/jpeg', true],
    ['Снимок экрана.png', 'image/png', 'image/png', true],
    ['image', 'image/png', 'image/png', true], // no extension: nothing to contradict
    ['C:\\Users\\a\\shot.png', 'image/png; charset=binary', 'image/png', true],
    ['photo.jpg', 'image/jpeg', 'image/png', false], // a PNG named .jpg
    ['photo.png', 'image/png', 'image/jpeg', false],
    ['screen.png', 'image/jpeg', 'image/png', false], // the declared type contradicts the content
    ['page.html', '', 'image/png', false],
    ['shell.php', 'image/png', 'image/png', false],
    ['photo.jpg', 'text/html', 'image/jpeg', false],
    ['archive.png.', 'image/png', 'image/png', false], // an empty extension is not .png
  ])('%s sent as %j holding %s → %s', (name, type, content, expected) => {
    expect(declaredImageTypeMatches({ name, type }, content)).toBe(expected);
  });
});

describe('createBugReportSchema for a non-verified user', () => {
  const schema = createBugReportSchema({ isVerified: false });
  const valid = { text: 'Не работает кнопка', contact: 'ivan@example.com', policyAgreement: true, files: [] };

  it('accepts a complete report and cleans it', () => {
    expect(schema.parse({ ...valid, text: '  Строка 1\r\nСтрока   2 \u200B ', contact: ' +7 999 123-45-67 ' })).toEqual(
      { ...valid, text: 'Строка 1\nСтрока 2', contact: '+7 999 123-45-67' },
    );
  });

  it('reports every missing field at once', () => {
    expect(messagesOf(schema.safeParse({}))).toEqual([
      ['text', MESSAGES.bugReport.textRequired],
      ['contact', MESSAGES.bugReport.contactRequired],
      ['policyAgreement', MESSAGES.bugReport.policyAgreementRequired],
    ]);
  });

  it.each([
    ['', [['text', MESSAGES.bugReport.textRequired]]],
    ['   ', [['text', MESSAGES.bugReport.textRequired]]],
    ['\u200B\u200B', [['text', MESSAGES.bugReport.textRequired]]],
    ['\n\n', [['text', MESSAGES.bugReport.textRequired]]],
    ['a'.repeat(2000), []],
    ['a'.repeat(2001), [['text', MESSAGES.bugReport.textTooLong]]],
    ['😀'.repeat(2000), []], // counted in code points, not UTF-16 units
    ['Mixed латиница и кириллица 👋', []],
  ])('text %j', (text, expected) => {
    expect(messagesOf(schema.safeParse({ ...valid, text }))).toEqual(expected);
  });

  it.each([
    ['', MESSAGES.bugReport.contactRequired],
    ['   ', MESSAGES.bugReport.contactRequired],
    [undefined, MESSAGES.bugReport.contactRequired],
  ])('contact %j is required', (contact, message) => {
    expect(messagesOf(schema.safeParse({ ...valid, contact }))).toEqual([['contact', message]]);
  });

  it.each([
    ['x'.repeat(50), 'x'.repeat(50)], // exactly at the limit
    ['x'.repeat(51), 'x'.repeat(50)], // one past: cut, not refused
    [`${'ю'.repeat(49)}😀😀`, `${'ю'.repeat(49)}😀`],
    [`  ${'x'.repeat(49)}   y`, 'x'.repeat(49)], // cut after cleaning, trailing space re-trimmed
  ])('contact %j is cut at 50 to %j', (contact, expected) => {
    expect(schema.parse({ ...valid, contact }).contact).toBe(expected);
  });

  it.each([[false], [undefined], ['true'], [1]])('policyAgreement %j is refused', (policyAgreement) => {
    expect(messagesOf(schema.safeParse({ ...valid, policyAgreement }))).toEqual([
      ['policyAgreement', MESSAGES.bugReport.policyAgreementRequired],
    ]);
  });

  it.each([
    [0, []],
    [10, []],
    [11, [['files', MESSAGES.bugReport.filesMaxCount]]],
  ])('%i files', (count, expected) => {
    const files = Array.from({ length: count }, (_, index) => png({ name: `${index}.png` }));
    expect(messagesOf(schema.safeParse({ ...valid, files }))).toEqual(expected);
  });

  it('reports each bad file at its index', () => {
    const files = [png(), png({ size: BUG_REPORT_MAX_FILE_BYTES + 1 }), png({ type: 'image/gif', name: 'a.gif' })];
    expect(messagesOf(schema.safeParse({ ...valid, files }))).toEqual([
      ['files.1', MESSAGES.bugReport.fileTooLarge],
      ['files.2', MESSAGES.bugReport.fileType],
    ]);
  });

  it('defaults files to []', () => {
    const { files: _files, ...withoutFiles } = valid;
    expect(schema.parse(withoutFiles).files).toEqual([]);
  });
});

describe('createBugReportSchema for a verified user', () => {
  const schema = createBugReportSchema({ isVerified: true });

  it('needs neither contact nor consent', () => {
    expect(schema.parse({ text: 'Ошибка' })).toEqual({
      text: 'Ошибка',
      contact: '',
      policyAgreement: false,
      files: [],
    });
  });

  it('still requires the text and checks files', () => {
    expect(messagesOf(schema.safeParse({ text: ' ', files: [png({ type: 'image/bmp' })] }))).toEqual([
      ['text', MESSAGES.bugReport.textRequired],
      ['files.0', MESSAGES.bugReport.fileType],
    ]);
  });

  it('still cuts a typed contact at 50', () => {
    expect(schema.parse({ text: 'x', contact: 'y'.repeat(60) }).contact).toHaveLength(50);
  });
});

describe('resolveBugReportContact', () => {
  it.each([
    [null, 'typed', 'typed'],
    [undefined, 'typed', 'typed'],
    [{ is_verified: false, phone: '+79991234567' }, 'typed', 'typed'],
    [{ is_verified: true, phone: '+79991234567', email: 'a@b.ru' }, 'typed', '+79991234567'],
    [{ is_verified: true, phone: '  ', email: 'a@b.ru' }, 'typed', 'a@b.ru'],
    [{ is_verified: true, phone: null, email: 'a@b.ru' }, '', 'a@b.ru'],
    [{ is_verified: true }, 'typed', ''],
  ])('%j, %j → %j', (user, typed, expected) => {
    expect(resolveBugReportContact(user, typed)).toBe(expected);
  });
});

describe('isBugReportPlaceholderFile', () => {
  it.each<[FileDescriptor, boolean]>([
    [{ name: 'empty.txt', size: 0, type: 'text/plain' }, true],
    [{ name: 'blob', size: 0, type: 'text/plain;charset=UTF-8' }, true],
    [{ name: 'empty.TXT', size: 0, type: '' }, true],
    [{ name: 'empty.txt', size: 1, type: 'text/plain' }, false], // a real file, then checked as such
    [{ name: 'empty.png', size: 0, type: '' }, false],
    [{ name: 'a.png', size: 0, type: 'image/png' }, false],
  ])('%j → %s', (file, expected) => {
    expect(isBugReportPlaceholderFile(file)).toBe(expected);
  });

  it('the placeholder constant is recognised', () => {
    expect(isBugReportPlaceholderFile(BUG_REPORT_PLACEHOLDER_FILE)).toBe(true);
  });
});
