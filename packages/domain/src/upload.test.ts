import { describe, expect, it } from 'vitest';
import { getBugReportFileError } from './bug-report';
import { MESSAGES } from './messages';
import {
  createUploadItem,
  getUploadErrorText,
  transitionUploadItem,
  uploadListReducer,
  type UploadEvent,
  type UploadItem,
} from './upload';

const file = { name: 'scan.png', size: 2048, type: 'image/png' };
const item = (overrides: Partial<UploadItem> = {}): UploadItem => ({ ...createUploadItem(file, 'u1'), ...overrides });

describe('upload catalogue', () => {
  it('has the default error text', () => {
    expect(MESSAGES.upload.failed).toBe('Не удалось загрузить файл');
  });
});

describe('createUploadItem', () => {
  it('starts uploading at 0 %', () => {
    expect(createUploadItem(file, 'u1')).toEqual({ uid: 'u1', ...file, status: 'uploading', percent: 0 });
  });
});

describe('transitionUploadItem', () => {
  it.each<[string, UploadItem, UploadEvent, Partial<UploadItem>]>([
    ['progress', item(), { type: 'progress', percent: 42.7 }, { status: 'uploading', percent: 42 }],
    ['progress clamped above', item(), { type: 'progress', percent: 140 }, { percent: 100 }],
    ['progress never backwards', item({ percent: 50 }), { type: 'progress', percent: 30 }, { percent: 50 }],
    ['progress NaN ignored', item({ percent: 10 }), { type: 'progress', percent: Number.NaN }, { percent: 10 }],
    [
      'success takes the url',
      item({ percent: 80 }),
      { type: 'success', response: { url: 'https://files.example/1.png' } },
      { status: 'done', percent: 100, url: 'https://files.example/1.png' },
    ],
    ['success without url', item(), { type: 'success', response: 'ok' }, { status: 'done', percent: 100 }],
    [
      'failure with a response string',
      item(),
      { type: 'failure', response: 'Файл повреждён', error: new Error('boom') },
      { status: 'error', errorText: 'Файл повреждён' },
    ],
    ['remove while uploading', item(), { type: 'remove' }, { status: 'removed' }],
    ['remove after done', item({ status: 'done' }), { type: 'remove' }, { status: 'removed' }],
    ['remove after error', item({ status: 'error' }), { type: 'remove' }, { status: 'removed' }],
  ])('%s', (_name, state, event, expected) => {
    expect(transitionUploadItem(state, event)).toMatchObject(expected);
  });

  it.each([[undefined], ['ok'], [{ url: ' ' }], [{ url: 5 }], [null]])(
    'success with response %j sets no url',
    (response) => {
      expect(transitionUploadItem(item(), { type: 'success', response })).not.toHaveProperty('url');
    },
  );

  it.each<[string, UploadItem, UploadEvent]>([
    ['late progress after done', item({ status: 'done', percent: 100 }), { type: 'progress', percent: 50 }],
    ['second success', item({ status: 'done', url: 'a' }), { type: 'success', response: { url: 'b' } }],
    ['failure after done', item({ status: 'done' }), { type: 'failure' }],
    ['success after error', item({ status: 'error' }), { type: 'success' }],
    ['progress after removal', item({ status: 'removed' }), { type: 'progress', percent: 10 }],
    ['remove twice', item({ status: 'removed' }), { type: 'remove' }],
    ['progress lower than current', item({ percent: 60 }), { type: 'progress', percent: 60 }],
  ])('%s leaves the item unchanged', (_name, state, event) => {
    expect(transitionUploadItem(state, event)).toBe(state);
  });
});

describe('getUploadErrorText', () => {
  it.each<[unknown, unknown, string]>([
    ['Сервер отклонил файл', { statusText: 'Bad Request' }, 'Сервер отклонил файл'],
    ['  Слишком большой  ', undefined, 'Слишком большой'],
    ['', { statusText: 'Payload Too Large', message: 'x' }, 'Payload Too Large'],
    ['   ', { statusText: '', message: 'Network Error' }, 'Network Error'],
    [{ detail: 'object response' }, new Error('timeout of 0ms'), 'timeout of 0ms'],
    [undefined, { statusText: 42, message: null }, MESSAGES.upload.failed],
    [undefined, 'just a string error', MESSAGES.upload.failed],
    [undefined, undefined, MESSAGES.upload.failed],
    [null, null, MESSAGES.upload.failed],
    ['Ошибка 😢 upload', undefined, 'Ошибка 😢 upload'],
  ])('response %j, error %j → %j', (response, error, expected) => {
    expect(getUploadErrorText(response, error)).toBe(expected);
  });
});

describe('uploadListReducer', () => {
  const accept = () => true;
  const refuse = () => false;

  it('adds an accepted file', () => {
    expect(uploadListReducer([], { type: 'add', file, uid: 'u1', check: accept })).toEqual([
      createUploadItem(file, 'u1'),
    ]);
  });

  it('adds without a check', () => {
    expect(uploadListReducer([], { type: 'add', file, uid: 'u1' })).toHaveLength(1);
  });

  it.each([
    ['a refusing check', refuse, file],
    [
      'the bug-report check on a GIF',
      (f: typeof file) => getBugReportFileError(f) === null,
      { ...file, type: 'image/gif' },
    ],
  ])('drops a file refused by %s', (_name, check, refused) => {
    const items = [item({ uid: 'u0' })];
    expect(uploadListReducer(items, { type: 'add', file: refused, uid: 'u1', check })).toBe(items);
  });

  it('ignores a duplicate uid', () => {
    const items = [item()];
    expect(uploadListReducer(items, { type: 'add', file, uid: 'u1' })).toBe(items);
  });

  it('routes events to the item by uid and removes removed items', () => {
    let items = uploadListReducer([], { type: 'add', file, uid: 'a' });
    items = uploadListReducer(items, { type: 'add', file: { ...file, name: 'b.png' }, uid: 'b' });
    items = uploadListReducer(items, { uid: 'a', type: 'progress', percent: 50 });
    items = uploadListReducer(items, { uid: 'b', type: 'failure', error: { statusText: 'Server Error' } });
    expect(items.map((entry) => [entry.uid, entry.status, entry.percent, entry.errorText])).toEqual([
      ['a', 'uploading', 50, undefined],
      ['b', 'error', 0, 'Server Error'],
    ]);
    items = uploadListReducer(items, { uid: 'b', type: 'remove' });
    expect(items.map((entry) => entry.uid)).toEqual(['a']);
  });

  it.each<[string, UploadEvent & { uid: string }]>([
    ['an unknown uid', { uid: 'zzz', type: 'remove' }],
    ['an event that does not fit', { uid: 'u1', type: 'success' }],
  ])('returns the same list for %s', (_name, action) => {
    const items = [item({ status: 'done' })];
    expect(uploadListReducer(items, action)).toBe(items);
  });
});
