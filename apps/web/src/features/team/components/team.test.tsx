import { fireEvent, render, screen, within } from '@testing-library/react';
import type { InvitationInfo, Team } from '@freight/contracts/team';
import { PROFILE_PERMISSIONS } from '@freight/domain/team';
import { TEAM_TEXTS } from '@freight/domain/texts/team';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json as answer, stubFetch } from '@/testing/fetch';

const router = vi.hoisted(() => ({ refresh: vi.fn(), replace: vi.fn(), push: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));

const { TeamManager } = await import('./team-manager');
const { RolesOverview } = await import('./roles-overview');
const { InvitationView } = await import('./invitation-view');

const S = TEAM_TEXTS.screen;
const UUID = '0b5f3c0e-8f0a-4a43-9a55-1c6f2b1d2e3f';

const team: Team = {
  account_uuid: UUID,
  name: 'ООО «Вектор»',
  your_role: 'owner',
  members: [
    {
      user_id: 1001,
      name: 'Ольга Смирнова',
      phone: '+79161234567',
      email: null,
      role: 'owner',
      role_label: 'Владелец',
      since: '2026-03-02T09:00:00.000Z',
      is_you: true,
    },
    {
      user_id: 1002,
      name: 'Анна Бухгалтер',
      phone: '+79167654321',
      email: 'anna@example.ru',
      role: 'accountant',
      role_label: 'Бухгалтер',
      since: '2026-03-05T09:00:00.000Z',
      is_you: false,
    },
  ],
  invitations: [
    {
      id: '5d1c2a36-3c0c-4f3e-8f59-0d5d4c1f0a11',
      channel: 'phone',
      contact: '+79031112233',
      role: 'shipping_manager',
      role_label: 'Менеджер по отправкам',
      invited_by: 'Ольга Смирнова',
      created_at: '2026-03-06T09:00:00.000Z',
      expires_at: '2026-03-13T09:00:00.000Z',
    },
  ],
  max_members: 50,
};

describe('TeamManager', () => {
  const { fetchMock } = stubFetch();
  beforeEach(() => router.refresh.mockReset());

  it('lists the members: the owner without a role select or a remove button, the others with both', () => {
    render(<TeamManager team={team} />);
    expect(screen.getByRole('heading', { name: 'Сотрудники: 2 сотрудника' })).toBeInTheDocument();
    expect(screen.getByText('+7 (916) 123-45-67')).toBeInTheDocument();
    expect(screen.getByText('В команде с 2 марта 2026 г.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: S.roleOf('Ольга Смирнова') })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: S.roleOf('Анна Бухгалтер') })).toHaveValue('accountant');
    expect(screen.getAllByRole('button', { name: /^Удалить/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: `${S.remove}: Анна Бухгалтер` })).toBeInTheDocument();
    // The pending invitation, with its phone formatted and «Отозвать».
    expect(screen.getByText('+7 (903) 111-22-33')).toBeInTheDocument();
    expect(screen.getByText('Менеджер по отправкам · Действует до 13 марта 2026 г.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `${S.revoke}: +7 (903) 111-22-33` })).toBeInTheDocument();
  });

  it('changes a role through the API and re-reads the page', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { ...team.members[1], role: 'admin', role_label: 'Администратор' }));
    render(<TeamManager team={team} />);
    fireEvent.change(screen.getByRole('combobox', { name: S.roleOf('Анна Бухгалтер') }), {
      target: { value: 'admin' },
    });
    expect(await screen.findByText(S.roleSaved('Анна Бухгалтер', 'Администратор'))).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/user/team/member');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ account_uuid: UUID, user_id: 1002, role: 'admin' });
    expect(router.refresh).toHaveBeenCalled();
  });

  it('shows Russian errors under the invitation fields before sending anything', async () => {
    render(<TeamManager team={team} />);
    fireEvent.click(screen.getByRole('button', { name: S.inviteSubmit }));
    expect(await screen.findByText(TEAM_TEXTS.contactRequired)).toBeInTheDocument();
    expect(screen.getByText(TEAM_TEXTS.roleInvalid)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(S.contactLabel), { target: { value: '8 800 555-35-35' } });
    fireEvent.click(screen.getByRole('button', { name: S.inviteSubmit }));
    expect(await screen.findByText(TEAM_TEXTS.contactInvalid)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the invitation with the contact in its stored form; the server’s field error lands under the field', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(409, {
        error: { code: 'CONFLICT', message: TEAM_TEXTS.alreadyMember, fields: { contact: TEAM_TEXTS.alreadyMember } },
      }),
    );
    render(<TeamManager team={team} />);
    fireEvent.change(screen.getByLabelText(S.contactLabel), { target: { value: '8 (916) 765-43-21' } });
    fireEvent.change(screen.getByLabelText(S.roleLabel), { target: { value: 'admin' } });
    fireEvent.click(screen.getByRole('button', { name: S.inviteSubmit }));
    const field = await screen.findByText(TEAM_TEXTS.alreadyMember);
    expect(screen.getByLabelText(S.contactLabel)).toHaveAccessibleDescription(
      expect.stringContaining(TEAM_TEXTS.alreadyMember),
    );
    expect(field).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/user/team/invitations');
    expect(JSON.parse(String(init?.body))).toEqual({ account_uuid: UUID, contact: '+79167654321', role: 'admin' });
  });

  it('a full team gets an explanation instead of the form', () => {
    render(<TeamManager team={{ ...team, max_members: 3 }} />);
    expect(screen.getByText(S.teamFullHint)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: S.inviteSubmit })).not.toBeInTheDocument();
  });
});

describe('RolesOverview', () => {
  it('has a row per permission and a column per role, in words', () => {
    render(<RolesOverview yours="accountant" />);
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(PROFILE_PERMISSIONS.length + 1);
    const finance = within(table).getByRole('row', { name: new RegExp(TEAM_TEXTS.permissions['documents.finance']) });
    expect(
      within(finance)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([`✓${S.allowed}`, `✓${S.allowed}`, `—${S.denied}`, `✓${S.allowed}`]);
  });
});

describe('InvitationView', () => {
  const { fetchMock } = stubFetch();

  const invitation: InvitationInfo = {
    company_name: 'ООО «Вектор»',
    role: 'accountant',
    role_label: 'Бухгалтер',
    invited_by: 'Ольга Смирнова',
    expires_at: '2026-03-13T09:00:00.000Z',
    channel: 'phone',
    contact_masked: '+7 (9**) ***-**-67',
    for_you: true,
  };

  it('accepts the invitation and says so', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { name: 'ООО «Вектор»' }));
    render(<InvitationView token={'t'.repeat(43)} result={{ kind: 'ok', invitation }} />);
    expect(screen.getByText('Вас приглашают в команду «ООО «Вектор»» с ролью «Бухгалтер».')).toBeInTheDocument();
    expect(screen.getByText(TEAM_TEXTS.permissions['documents.finance'])).toBeInTheDocument();
    expect(screen.queryByText(TEAM_TEXTS.permissions['cargo.create'])).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: TEAM_TEXTS.invitationScreen.accept }));
    expect(await screen.findByText(TEAM_TEXTS.invitationScreen.accepted('ООО «Вектор»'))).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ token: 't'.repeat(43) });
  });

  it('keeps «Вы в команде» when the refresh after accepting reads the invitation as used', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { name: 'ООО «Вектор»' }));
    const token = 't'.repeat(43);
    const { rerender } = render(<InvitationView token={token} result={{ kind: 'ok', invitation }} />);
    fireEvent.click(screen.getByRole('button', { name: TEAM_TEXTS.invitationScreen.accept }));
    const accepted = TEAM_TEXTS.invitationScreen.accepted('ООО «Вектор»');
    expect(await screen.findByText(accepted)).toBeInTheDocument();
    // The page's refresh: the invitation is used now (409).
    rerender(<InvitationView token={token} result={{ kind: 'refused', message: TEAM_TEXTS.invitationUsed }} />);
    expect(screen.getByText(accepted)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEAM_TEXTS.invitationScreen.toOrders })).toBeInTheDocument();
    expect(screen.queryByText(TEAM_TEXTS.invitationUsed)).not.toBeInTheDocument();
  });

  it('a refused link says why, with the way to the account', () => {
    render(<InvitationView token="t" result={{ kind: 'refused', message: TEAM_TEXTS.invitationExpired }} />);
    expect(screen.getByText(TEAM_TEXTS.invitationExpired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEAM_TEXTS.invitationScreen.toAccount })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEAM_TEXTS.invitationScreen.accept })).not.toBeInTheDocument();
  });

  it('for another account: where it was sent, and no button', () => {
    render(<InvitationView token="t" result={{ kind: 'ok', invitation: { ...invitation, for_you: false } }} />);
    expect(screen.getByText(TEAM_TEXTS.invitationWrongContact)).toBeInTheDocument();
    expect(screen.getByText(/Приглашение отправлено на \+7 \(9\*\*\) \*\*\*-\*\*-67\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEAM_TEXTS.invitationScreen.accept })).not.toBeInTheDocument();
  });
});
