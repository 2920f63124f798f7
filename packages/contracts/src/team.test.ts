import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MESSAGES, PROFILE_PERMISSIONS, PROFILE_ROLES, ROLE_PERMISSIONS, roleLabel } from '@freight/domain';
import { ChangeMemberRoleRequestSchema, CreateInvitationRequestSchema, parseTeamContact } from './team';

const T = MESSAGES.team;

describe('parseTeamContact', () => {
  it.each([
    ['8 (916) 123-45-67', { channel: 'phone', contact: '+79161234567' }],
    ['+7 916 123 45 67', { channel: 'phone', contact: '+79161234567' }],
    ['9161234567', { channel: 'phone', contact: '+79161234567' }],
    ['\u200b+7(916)123-45-67 ', { channel: 'phone', contact: '+79161234567' }],
    ['Anna.Buh@Example.RU', { channel: 'email', contact: 'anna.buh@example.ru' }],
    [' anna@example.ru\u00a0', { channel: 'email', contact: 'anna@example.ru' }],
    // Not a Russian mobile number: no SMS goes there (decision 010).
    ['8 800 555-35-35', null],
    ['+7 (809) 123-45-67', null],
    ['+7 (495) 123-45-67', null],
    ['+7 (940) 123-45-67', null],
    ['+1 916 123 45 67', null],
    ['12345', null],
    ['anna@', null],
    ['@example.ru', null],
    ['', null],
  ])('%j → %j', (input, expected) => {
    expect(parseTeamContact(input)).toEqual(expected);
  });
});

describe('invitation and role change bodies', () => {
  const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

  it.each([
    [{ contact: '', role: 'admin' }, { contact: T.contactRequired }],
    [{ contact: '8 800 555-35-35', role: 'admin' }, { contact: T.contactInvalid }],
    [{ contact: 'anna@example.ru', role: 'owner' }, { role: T.roleInvalid }],
    [{ contact: 'anna@example.ru' }, { role: T.roleInvalid }],
    [{ role: 'accountant' }, { contact: T.contactRequired }],
  ])('%j refused with %j', (body, expected) => {
    const result = CreateInvitationRequestSchema.safeParse({ account_uuid: 'x', ...body });
    expect(messages(result)).toEqual(expected);
  });

  it('outputs the parsed contact', () => {
    expect(
      CreateInvitationRequestSchema.parse({
        account_uuid: ' u ',
        contact: '8 916 123-45-67',
        role: 'shipping_manager',
      }),
    ).toEqual({ account_uuid: 'u', contact: { channel: 'phone', contact: '+79161234567' }, role: 'shipping_manager' });
  });

  it('never gives the owner role and needs a member id', () => {
    expect(messages(ChangeMemberRoleRequestSchema.safeParse({ account_uuid: 'u', user_id: 5, role: 'owner' }))).toEqual(
      {
        role: T.roleInvalid,
      },
    );
    expect(messages(ChangeMemberRoleRequestSchema.safeParse({ account_uuid: 'u', user_id: 0, role: 'admin' }))).toEqual(
      {
        user_id: T.memberNotFound,
      },
    );
  });
});

describe('docs/team-roles.md', () => {
  /** The cells of a Markdown table, row by row (the alignment row left out), whatever the padding. */
  const cellsOf = (table: string) =>
    table
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.startsWith('|') && !/^\|[\s:|-]+\|$/.test(line))
      .map((line) =>
        line
          .slice(1, -1)
          .split('|')
          .map((cell) => cell.trim()),
      );

  it('prints the table of ROLE_PERMISSIONS with the wording of MESSAGES.team.permissions', () => {
    const doc = readFileSync(new URL('../../../docs/team-roles.md', import.meta.url), 'utf8');
    const table = /<!-- roles-table:start -->([\s\S]*?)<!-- roles-table:end -->/.exec(doc)?.[1] ?? '';
    expect(cellsOf(table)).toEqual([
      ['Действие', ...PROFILE_ROLES.map(roleLabel)],
      ...PROFILE_PERMISSIONS.map((permission) => [
        `${T.permissions[permission]} (\`${permission}\`)`,
        ...PROFILE_ROLES.map((role) => (ROLE_PERMISSIONS[role].includes(permission) ? 'да' : '—')),
      ]),
    ]);
  });
});
