import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MESSAGES, STAFF_PERMISSIONS, STAFF_ROLES, STAFF_ROLE_PERMISSIONS, staffRoleLabel } from '@freight/domain';
import { PageQuerySchema, StaffSchema } from './back-office';

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

describe('docs/back-office.md', () => {
  it('prints the table of STAFF_ROLE_PERMISSIONS with the wording of MESSAGES.backOffice.permissions', () => {
    const doc = readFileSync(new URL('../../../docs/back-office.md', import.meta.url), 'utf8');
    const table = /<!-- staff-roles-table:start -->([\s\S]*?)<!-- staff-roles-table:end -->/.exec(doc)?.[1] ?? '';
    expect(cellsOf(table)).toEqual([
      ['Действие', ...STAFF_ROLES.map(staffRoleLabel)],
      ...STAFF_PERMISSIONS.map((permission) => [
        `${MESSAGES.backOffice.permissions[permission]} (\`${permission}\`)`,
        ...STAFF_ROLES.map((role) => (STAFF_ROLE_PERMISSIONS[role].includes(permission) ? 'да' : '—')),
      ]),
    ]);
  });
});

describe('back-office schemas', () => {
  it('pages default to 25 rows and refuse absurd sizes', () => {
    expect(PageQuerySchema.parse({})).toEqual({ page: 1, per_page: 25 });
    expect(PageQuerySchema.safeParse({ per_page: '1000' }).success).toBe(false);
    expect(PageQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });

  it('a staff member carries only known roles and permissions', () => {
    const staff = {
      id: 1,
      login: 'admin',
      name: 'И. П.',
      role: 'admin',
      role_label: 'Администратор',
      permissions: ['cargo.view'],
    };
    expect(StaffSchema.parse(staff)).toEqual(staff);
    expect(StaffSchema.safeParse({ ...staff, role: 'root' }).success).toBe(false);
    expect(StaffSchema.safeParse({ ...staff, permissions: ['everything'] }).success).toBe(false);
  });
});
