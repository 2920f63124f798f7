import { BUG_REPORT_MAX_FILE_BYTES, BUG_REPORT_PLACEHOLDER_FILE, MESSAGES } from '@freight/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BugReportFilesSchema, createBugReportQuerySchema } from './bug-report';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('createBugReportQuerySchema', () => {
  const anonymous = createBugReportQuerySchema({ isVerified: false });
  const verified = createBugReportQuerySchema({ isVerified: true });

  it('accepts a full anonymous report from a query string', () => {
    expect(
      anonymous.parse({ text: ' Кнопка  не работает ', contact: 'ivan@example.com', policy_agreement: 'true' }),
    ).toEqual({
      text: 'Кнопка не работает',
      contact: 'ivan@example.com',
      policy_agreement: true,
    });
  });

  it('enforces the anonymous rules with the exact messages', () => {
    expect(messages(anonymous.safeParse({}))).toEqual([
      ['text', MESSAGES.bugReport.textRequired],
      ['contact', MESSAGES.bugReport.contactRequired],
      ['policy_agreement', MESSAGES.bugReport.policyAgreementRequired],
    ]);
    expect(messages(anonymous.safeParse({ text: 'x', contact: 'y', policy_agreement: 'false' }))).toEqual([
      ['policy_agreement', MESSAGES.bugReport.policyAgreementRequired],
    ]);
  });

  it('cuts the contact at 50', () => {
    expect(anonymous.parse({ text: 'x', contact: 'c'.repeat(51), policy_agreement: '1' }).contact).toBe('c'.repeat(50));
  });

  it('asks a verified user for the text only', () => {
    expect(verified.parse({ text: 'Ошибка' })).toEqual({ text: 'Ошибка', contact: '', policy_agreement: false });
  });

  it('is representable in OpenAPI (input side)', () => {
    expect(() => z.toJSONSchema(anonymous, { io: 'input' })).not.toThrow();
  });
});

describe('BugReportFilesSchema', () => {
  const png = { name: 'a.png', size: 10, type: 'image/png' };

  it('drops the empty placeholder', () => {
    expect(BugReportFilesSchema.parse([BUG_REPORT_PLACEHOLDER_FILE])).toEqual([]);
    expect(BugReportFilesSchema.parse([png, BUG_REPORT_PLACEHOLDER_FILE])).toEqual([png]);
  });

  it.each([
    [10, []],
    [11, [['', MESSAGES.bugReport.filesMaxCount]]],
  ])('%i files', (count, expected) => {
    expect(messages(BugReportFilesSchema.safeParse(Array.from({ length: count }, () => png)))).toEqual(expected);
  });

  it('checks each file', () => {
    expect(
      messages(
        BugReportFilesSchema.safeParse([
          { name: 'a.txt', size: 5, type: 'text/plain' },
          { ...png, size: BUG_REPORT_MAX_FILE_BYTES + 1 },
        ]),
      ),
    ).toEqual([
      ['0', MESSAGES.bugReport.fileType],
      ['1', MESSAGES.bugReport.fileTooLarge],
    ]);
  });
});
