import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ClientProfileSchema,
  InvitationInfoSchema,
  ProfileSchema,
  TeamInvitationSchema,
  TeamSchema,
} from '@freight/contracts';
import { attachLegalProfile, cargos, clientProfiles, profileInvitations, users } from '@freight/db';
import {
  INVITATION_TTL_MS,
  MESSAGES,
  RU_PRODUCTION_CALENDAR,
  TEAM_MAX_MEMBERS,
  addWorkingDays,
  toIsoDate,
  type ProfileRole,
} from '@freight/domain';
import { createTestContext, type TestContext } from '../../test/helpers';
import { Visitor, messagesTo, nextIp, nextPhone, signUp, testClock } from '../auth/identity-test-kit';
import { createOrder, loadNetwork, validDraft } from '../orders/orders-test-kit';
import { TEAM_INVITATIONS_PER_HOUR, TEAM_INVITATION_EMAILS_PER_RECIPIENT_HOUR } from './team.service';

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };
const T = MESSAGES.team;
const ORIGIN = 'https://magistral.example';

const TEAM = '/api/v1/user/team';
const INVITATIONS = '/api/v1/user/team/invitations';
const MEMBER = '/api/v1/user/team/member';
const INVITATION = '/api/v1/user/team/invitation';
const ACCEPT = '/api/v1/user/team/accept';

const q = encodeURIComponent;
const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

describe('team: members, invitations, roles', () => {
  let ctx: TestContext;
  // Sessions expire by the real time, so the clock starts now and only ever moves forward.
  const clock = testClock(Date.now());

  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_ORIGIN: ORIGIN }, { clock: clock.now });
  });
  afterAll(async () => ctx.close());

  let innCounter = 0;
  /** A company whose owner is `userId` (as an approved full-access request would make it). */
  async function createCompany(userId: number, name = 'ООО «Ромашка»') {
    innCounter += 1;
    const inn = String(7_700_000_000 + innCounter * 7 + (process.pid % 7));
    const { profileId, role } = await attachLegalProfile(ctx.database.db, { name, inn, kpp: '770001001' }, userId);
    expect(role).toBe('owner');
    const [row] = await ctx.database.db
      .select({ uuid: clientProfiles.accountUuid })
      .from(clientProfiles)
      .where(eq(clientProfiles.id, profileId));
    return { profileId, uuid: row!.uuid, name };
  }

  const invite = (visitor: Visitor, uuid: string, contact: string, role: string) =>
    visitor.post(INVITATIONS, { account_uuid: uuid, contact, role });

  /** The invitation token of the newest message to `to` (SMS or e-mail), and that message. */
  async function lastInvitation(to: string) {
    const [message] = await messagesTo(ctx, to);
    const link = /https?:\/\/\S+/.exec(message?.body ?? '')?.[0];
    if (!message || !link) throw new Error(`no invitation link to ${to}: ${message?.body}`);
    return { message, link, token: new URL(link).searchParams.get('token')! };
  }

  /** A company with its owner and one member of `role`, joined through a real invitation by phone. */
  async function teamWith(role: Exclude<ProfileRole, 'owner'>) {
    const owner = await signUp(ctx, { name: 'Ольга Владелец' });
    const company = await createCompany(owner.user.id);
    const member = await signUp(ctx, { name: 'Пётр Сотрудник' });
    expect((await invite(owner.visitor, company.uuid, member.phone.typed, role)).statusCode).toBe(201);
    const { token } = await lastInvitation(member.phone.stored);
    expect((await member.visitor.post(ACCEPT, { token })).statusCode).toBe(200);
    return { owner, company, member };
  }

  async function activeProfileOf(visitor: Visitor) {
    return ProfileSchema.parse((await visitor.get('/api/v1/user/profile')).json()).active_profile;
  }

  it('invites by e-mail: the mail carries a 7-day link whose token is stored only as SHA-256; the invited person accepts and joins', async () => {
    const owner = await signUp(ctx, { name: 'Ольга Смирнова' });
    const company = await createCompany(owner.user.id, 'ООО «Вектор»');

    const sent = await invite(owner.visitor, company.uuid, '  Anna.Buh@Example.RU ', 'accountant');
    expect(sent.statusCode).toBe(201);
    const invitation = TeamInvitationSchema.parse(sent.json());
    expect(invitation).toMatchObject({
      channel: 'email',
      contact: 'anna.buh@example.ru',
      role: 'accountant',
      role_label: 'Бухгалтер',
      invited_by: 'Ольга Смирнова',
    });
    expect(Date.parse(invitation.expires_at) - Date.parse(invitation.created_at)).toBe(INVITATION_TTL_MS);

    const { message, link, token } = await lastInvitation('anna.buh@example.ru');
    expect(message.subject).toBe(T.invitationEmailSubject('ООО «Вектор»'));
    expect(message.body).toBe(T.invitationEmailBody('ООО «Вектор»', 'Бухгалтер', link));
    expect(link).toMatch(/^https:\/\/magistral\.example\/personal-account\/invitation\?token=[A-Za-z0-9_-]{43}$/);
    const [row] = await ctx.database.db
      .select()
      .from(profileInvitations)
      .where(eq(profileInvitations.id, invitation.id));
    expect(row!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);

    // The team's managers see the pending invitation.
    const team = TeamSchema.parse((await owner.visitor.get(`${TEAM}?account_uuid=${company.uuid}`)).json());
    expect(team.invitations.map((i) => i.id)).toEqual([invitation.id]);
    expect(team.members.map((m) => [m.name, m.role, m.is_you])).toEqual([['Ольга Смирнова', 'owner', true]]);

    // Signed up with that address, but not confirmed yet: the address is not proven, so not theirs.
    const anna = await signUp(ctx, { email: 'anna.buh@example.ru', name: 'Анна Бухгалтер' });
    const early = await anna.visitor.post(ACCEPT, { token });
    expect(early.statusCode).toBe(403);
    expect((early.json() as ErrorJson).error.message).toBe(T.invitationWrongContact);
    const [confirmMail] = (await messagesTo(ctx, 'anna.buh@example.ru')).filter((m) => m.kind === 'email:confirm');
    const code = /\b(\d{6})\b/.exec(confirmMail!.body)?.[1];
    expect((await anna.visitor.post('/api/v1/authorization_v2/email_confirmation', { code })).statusCode).toBe(200);

    const info = await anna.visitor.get(`${INVITATION}?token=${token}`);
    expect(info.statusCode).toBe(200);
    expect(InvitationInfoSchema.parse(info.json())).toEqual({
      company_name: 'ООО «Вектор»',
      role: 'accountant',
      role_label: 'Бухгалтер',
      invited_by: 'Ольга Смирнова',
      expires_at: invitation.expires_at,
      channel: 'email',
      contact_masked: 'an***@example.ru',
      for_you: true,
    });

    const accepted = await anna.visitor.post(ACCEPT, { token });
    expect(accepted.statusCode).toBe(200);
    expect(ClientProfileSchema.parse(accepted.json())).toMatchObject({
      account_uuid: company.uuid,
      kind: 'legal',
      name: 'ООО «Вектор»',
      role: 'accountant',
      role_label: 'Бухгалтер',
      is_active: true,
    });
    // The company is now Anna's active profile.
    expect(await activeProfileOf(anna.visitor)).toMatchObject({ account_uuid: company.uuid, role: 'accountant' });

    const after = TeamSchema.parse((await owner.visitor.get(`${TEAM}?account_uuid=${company.uuid}`)).json());
    expect(after.invitations).toEqual([]);
    expect(after.members.map((m) => [m.user_id, m.role, m.role_label, m.email])).toEqual([
      [owner.user.id, 'owner', 'Владелец', null],
      [anna.user.id, 'accountant', 'Бухгалтер', 'anna.buh@example.ru'],
    ]);
  });

  it('invites by phone through the SMS policy; the SMS link works for the owner of that phone only', async () => {
    const owner = await signUp(ctx);
    const company = await createCompany(owner.user.id, 'ООО «Север»');
    const manager = await signUp(ctx, { name: 'Марина Логист' });
    const stranger = await signUp(ctx, { name: 'Чужой Человек' });

    const sent = await invite(owner.visitor, company.uuid, manager.phone.typed, 'shipping_manager');
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ channel: 'phone', contact: manager.phone.stored, role: 'shipping_manager' });
    const { message, link, token } = await lastInvitation(manager.phone.stored);
    expect(message.channel).toBe('sms');
    expect(message.kind).toBe('team_invitation');
    expect(message.body).toBe(T.invitationSms('ООО «Север»', link));

    // Someone else who got hold of the link sees where it was sent, and cannot take it.
    const seen = InvitationInfoSchema.parse((await stranger.visitor.get(`${INVITATION}?token=${token}`)).json());
    expect(seen.for_you).toBe(false);
    expect(seen.contact_masked).toBe(`+7 (9**) ***-**-${manager.phone.stored.slice(-2)}`);
    const wrong = await stranger.visitor.post(ACCEPT, { token });
    expect(wrong.statusCode).toBe(403);
    expect((wrong.json() as ErrorJson).error).toMatchObject({
      code: 'INVITATION_WRONG_CONTACT',
      message: T.invitationWrongContact,
    });
    expect((await activeProfileOf(stranger.visitor)).kind).toBe('individual');

    // The right person still can, once; the second time (also concurrently) is refused.
    const [first, second] = await Promise.all([
      manager.visitor.post(ACCEPT, { token }),
      manager.visitor.post(ACCEPT, { token }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const again = await manager.visitor.post(ACCEPT, { token });
    expect(again.statusCode).toBe(409);
    expect((again.json() as ErrorJson).error.message).toBe(T.invitationUsed);
    const view = await manager.visitor.get(`${INVITATION}?token=${token}`);
    expect(view.statusCode).toBe(409);
    expect((view.json() as ErrorJson).error.message).toBe(T.invitationUsed);
    const team = TeamSchema.parse((await owner.visitor.get(`${TEAM}?account_uuid=${company.uuid}`)).json());
    expect(team.members.map((m) => m.role)).toEqual(['owner', 'shipping_manager']);
  });

  it('checks the invitation form: contact required, a Russian mobile or an e-mail, an invitable role', async () => {
    const owner = await signUp(ctx);
    const company = await createCompany(owner.user.id);
    const cases: [string, string, string, string][] = [
      ['', 'admin', 'contact', T.contactRequired],
      ['   ', 'admin', 'contact', T.contactRequired],
      ['8 800 555-35-35', 'admin', 'contact', T.contactInvalid],
      ['+7 (495) 123-45-67', 'admin', 'contact', T.contactInvalid],
      ['12345', 'admin', 'contact', T.contactInvalid],
      ['ivan@', 'admin', 'contact', T.contactInvalid],
      ['ivan@example.ru', 'owner', 'role', T.roleInvalid],
      ['ivan@example.ru', 'director', 'role', T.roleInvalid],
    ];
    for (const [contact, role, field, message] of cases) {
      const res = await invite(owner.visitor, company.uuid, contact, role);
      expect(res.statusCode, `${contact} / ${role}`).toBe(400);
      expect((res.json() as ErrorJson).error.fields?.[field], `${contact} / ${role}`).toBe(message);
    }
    // The owner's own phone is in the team already.
    const self = await invite(owner.visitor, company.uuid, owner.phone.typed, 'admin');
    expect(self.statusCode).toBe(409);
    expect((self.json() as ErrorJson).error.fields?.contact).toBe(T.alreadyMember);
  });

  it('an expired invitation is 410 to see and to accept', async () => {
    const owner = await signUp(ctx);
    const company = await createCompany(owner.user.id);
    const late = await signUp(ctx);
    expect((await invite(owner.visitor, company.uuid, late.phone.typed, 'accountant')).statusCode).toBe(201);
    const { token } = await lastInvitation(late.phone.stored);
    clock.advance(INVITATION_TTL_MS + 60_000);
    const view = await late.visitor.get(`${INVITATION}?token=${token}`);
    expect(view.statusCode).toBe(410);
    expect((view.json() as ErrorJson).error).toMatchObject({
      code: 'INVITATION_EXPIRED',
      message: T.invitationExpired,
    });
    const accept = await late.visitor.post(ACCEPT, { token });
    expect(accept.statusCode).toBe(410);
    expect((accept.json() as ErrorJson).error.message).toBe(T.invitationExpired);
    // An expired invitation is no longer pending.
    const team = TeamSchema.parse((await owner.visitor.get(`${TEAM}?account_uuid=${company.uuid}`)).json());
    expect(team.invitations).toEqual([]);
  });

  it('a revoked, unknown or malformed invitation is 404; revoking is for the team managers of that profile', async () => {
    const { owner, company, member } = await teamWith('shipping_manager');
    const invitee = await signUp(ctx);
    const sent = TeamInvitationSchema.parse(
      (await invite(owner.visitor, company.uuid, invitee.phone.typed, 'admin')).json(),
    );
    const { token } = await lastInvitation(invitee.phone.stored);

    // A member without team.manage: 403; someone outside the company: 404 (as for an unknown id).
    expect((await member.visitor.call('DELETE', `${INVITATIONS}?id=${sent.id}`)).statusCode).toBe(403);
    const outsider = await signUp(ctx);
    expect((await outsider.visitor.call('DELETE', `${INVITATIONS}?id=${sent.id}`)).statusCode).toBe(404);
    expect((await owner.visitor.call('DELETE', `${INVITATIONS}?id=${randomUUID()}`)).statusCode).toBe(404);
    expect((await owner.visitor.call('DELETE', `${INVITATIONS}?id=nonsense`)).statusCode).toBe(404);

    const revoked = await owner.visitor.call('DELETE', `${INVITATIONS}?id=${sent.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ ok: true });
    for (const res of [
      await invitee.visitor.get(`${INVITATION}?token=${token}`),
      await invitee.visitor.post(ACCEPT, { token }),
      await invitee.visitor.get(`${INVITATION}?token=${'A'.repeat(43)}`),
      await invitee.visitor.post(ACCEPT, { token: 'not-a-token' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect((res.json() as ErrorJson).error.message).toBe(T.invitationNotFound);
    }
    // Signed out: 401.
    const anonymous = await new Visitor(ctx, nextIp()).start();
    expect((await anonymous.get(`${INVITATION}?token=${token}`)).statusCode).toBe(401);
    expect((await anonymous.post(ACCEPT, { token })).statusCode).toBe(401);
  });

  it('a new invitation to the same contact replaces the pending one', async () => {
    const owner = await signUp(ctx);
    const company = await createCompany(owner.user.id);
    const first = TeamInvitationSchema.parse(
      (await invite(owner.visitor, company.uuid, 'twice@example.ru', 'accountant')).json(),
    );
    const { token: oldToken } = await lastInvitation('twice@example.ru');
    const second = TeamInvitationSchema.parse(
      (await invite(owner.visitor, company.uuid, 'twice@example.ru', 'admin')).json(),
    );
    const team = TeamSchema.parse((await owner.visitor.get(`${TEAM}?account_uuid=${company.uuid}`)).json());
    expect(team.invitations.map((i) => [i.id, i.role])).toEqual([[second.id, 'admin']]);
    expect(first.id).not.toBe(second.id);
    const someone = await signUp(ctx);
    expect((await someone.visitor.get(`${INVITATION}?token=${oldToken}`)).statusCode).toBe(404);
  });

  it('roles: a shipping manager neither sees the team nor invites; an accountant cannot cancel the company’s cargo', async () => {
    const net = await loadNetwork(ctx.database.db);
    const { owner, company, member: manager } = await teamWith('shipping_manager');
    const accountant = await signUp(ctx);
    await invite(owner.visitor, company.uuid, accountant.phone.typed, 'accountant');
    const { token } = await lastInvitation(accountant.phone.stored);
    expect((await accountant.visitor.post(ACCEPT, { token })).statusCode).toBe(200);

    for (const visitor of [manager.visitor, accountant.visitor]) {
      const list = await visitor.get(`${TEAM}?account_uuid=${company.uuid}`);
      expect(list.statusCode).toBe(403);
      expect((list.json() as ErrorJson).error.message).toBe(T.forbidden);
      const sent = await invite(visitor, company.uuid, 'colleague@example.ru', 'admin');
      expect(sent.statusCode).toBe(403);
      const changed = await visitor.call('PUT', MEMBER, {
        account_uuid: company.uuid,
        user_id: owner.user.id,
        role: 'accountant',
      });
      expect(changed.statusCode).toBe(403);
    }

    // The owner orders while the company is the active profile: the cargo is the company's.
    expect((await owner.visitor.post('/api/v1/user/change_profile', { account_uuid: company.uuid })).statusCode).toBe(
      200,
    );
    const date = addWorkingDays(toIsoDate(clock.now())!, 1, RU_PRODUCTION_CALENDAR);
    const created = await createOrder(owner.visitor, validDraft(net, date));
    expect(created.statusCode).toBe(201);
    const track = (created.json() as { track_number: string }).track_number;
    const [cargo] = await ctx.database.db
      .select({ profileId: cargos.ownerProfileId })
      .from(cargos)
      .where(eq(cargos.trackNumber, track));
    expect(cargo!.profileId).toBe(company.profileId);

    // The accountant sees the cargo but may not cancel it; the shipping manager may.
    expect((await accountant.visitor.get(`/api/v1/cargo/get_current_cargo?tracknumber=${track}`)).statusCode).toBe(200);
    const refused = await accountant.visitor.post(`/api/v1/cargo_lk/cancel?tracknumber=${track}`);
    expect(refused.statusCode).toBe(403);
    expect((refused.json() as ErrorJson).error.message).toBe(T.forbidden);
    const outsider = await signUp(ctx);
    expect((await outsider.visitor.post(`/api/v1/cargo_lk/cancel?tracknumber=${track}`)).statusCode).toBe(404);
    const cancelled = await manager.visitor.post(`/api/v1/cargo_lk/cancel?tracknumber=${track}`);
    expect(cancelled.statusCode).toBe(200);
  });

  it('an administrator manages the team; role changes never touch the owner', async () => {
    const { owner, company, member: admin } = await teamWith('admin');
    const colleague = await signUp(ctx);
    expect((await invite(admin.visitor, company.uuid, colleague.phone.typed, 'accountant')).statusCode).toBe(201);
    const { token } = await lastInvitation(colleague.phone.stored);
    const accepted = await colleague.visitor.post(ACCEPT, { token });
    expect(accepted.statusCode).toBe(200);
    // The invitation names who sent it.
    const team = TeamSchema.parse((await admin.visitor.get(`${TEAM}?account_uuid=${company.uuid}`)).json());
    expect(team.your_role).toBe('admin');
    expect(team.members.map((m) => m.role)).toEqual(['owner', 'admin', 'accountant']);

    const put = (body: Record<string, unknown>) =>
      admin.visitor.call('PUT', MEMBER, { account_uuid: company.uuid, ...body });
    const changed = await put({ user_id: colleague.user.id, role: 'shipping_manager' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      user_id: colleague.user.id,
      role: 'shipping_manager',
      role_label: 'Менеджер по отправкам',
    });
    expect((await activeProfileOf(colleague.visitor)).permissions).toContain('cargo.create');

    const ownerRole = await put({ user_id: owner.user.id, role: 'accountant' });
    expect(ownerRole.statusCode).toBe(409);
    expect((ownerRole.json() as ErrorJson).error.message).toBe(T.ownerRoleCannotChange);
    const toOwner = await put({ user_id: colleague.user.id, role: 'owner' });
    expect(toOwner.statusCode).toBe(400);
    expect((toOwner.json() as ErrorJson).error.fields?.role).toBe(T.roleInvalid);
    const nobody = await put({ user_id: 999_999, role: 'admin' });
    expect(nobody.statusCode).toBe(404);
    expect((nobody.json() as ErrorJson).error.message).toBe(T.memberNotFound);
  });

  it('removal: a manager removes a member (who falls back to the personal profile), a member leaves; the owner stays', async () => {
    const { owner, company, member } = await teamWith('shipping_manager');
    const admin = await signUp(ctx);
    await invite(owner.visitor, company.uuid, admin.phone.typed, 'admin');
    expect(
      (await admin.visitor.post(ACCEPT, { token: (await lastInvitation(admin.phone.stored)).token })).statusCode,
    ).toBe(200);
    expect((await activeProfileOf(member.visitor)).account_uuid).toBe(company.uuid);

    const remove = (visitor: Visitor, userId: number) =>
      visitor.call('DELETE', `${MEMBER}?account_uuid=${company.uuid}&user_id=${userId}`);

    // Nobody removes the owner, the owner cannot leave; a member without team.manage removes nobody else.
    for (const [visitor, label] of [
      [admin.visitor, 'admin'],
      [owner.visitor, 'owner'],
    ] as const) {
      const res = await remove(visitor, owner.user.id);
      expect(res.statusCode, label).toBe(409);
      expect((res.json() as ErrorJson).error.message).toBe(T.ownerCannotBeRemoved);
    }
    expect((await remove(member.visitor, admin.user.id)).statusCode).toBe(403);
    expect((await remove(admin.visitor, 999_999)).statusCode).toBe(404);

    const removed = await remove(admin.visitor, member.user.id);
    expect(removed.statusCode).toBe(200);
    const personal = await activeProfileOf(member.visitor);
    expect(personal.kind).toBe('individual');
    expect((await member.visitor.get(`${TEAM}?account_uuid=${company.uuid}`)).statusCode).toBe(404);

    // The admin leaves on their own.
    expect((await remove(admin.visitor, admin.user.id)).statusCode).toBe(200);
    const team = TeamSchema.parse((await owner.visitor.get(`${TEAM}?account_uuid=${company.uuid}`)).json());
    expect(team.members.map((m) => m.user_id)).toEqual([owner.user.id]);
    const [row] = await ctx.database.db
      .select({ active: users.activeProfileId })
      .from(users)
      .where(eq(users.id, admin.user.id));
    expect(row!.active).not.toBe(company.profileId);
  });

  it('someone else’s or an unknown profile is 404; a personal profile has no team (409); signed out is 401', async () => {
    const owner = await signUp(ctx);
    const company = await createCompany(owner.user.id);
    const outsider = await signUp(ctx);
    for (const res of [
      await outsider.visitor.get(`${TEAM}?account_uuid=${company.uuid}`),
      await invite(outsider.visitor, company.uuid, 'x@example.ru', 'admin'),
      await outsider.visitor.call('PUT', MEMBER, { account_uuid: company.uuid, user_id: owner.user.id, role: 'admin' }),
      await outsider.visitor.call('DELETE', `${MEMBER}?account_uuid=${company.uuid}&user_id=${owner.user.id}`),
      await owner.visitor.get(`${TEAM}?account_uuid=${randomUUID()}`),
      await owner.visitor.get(`${TEAM}?account_uuid=${q('не uuid')}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect((res.json() as ErrorJson).error.message).toBe(T.profileNotFound);
    }

    const personal = await activeProfileOf(owner.visitor);
    expect(personal.kind).toBe('individual');
    const noTeam = await owner.visitor.get(`${TEAM}?account_uuid=${personal.account_uuid}`);
    expect(noTeam.statusCode).toBe(409);
    expect((noTeam.json() as ErrorJson).error.message).toBe(T.personalProfileNoTeam);
    const noInvite = await invite(owner.visitor, personal.account_uuid, 'x@example.ru', 'admin');
    expect(noInvite.statusCode).toBe(409);
    expect((noInvite.json() as ErrorJson).error.message).toBe(T.personalProfileNoTeam);

    const anonymous = await new Visitor(ctx, nextIp()).start();
    expect((await anonymous.get(`${TEAM}?account_uuid=${company.uuid}`)).statusCode).toBe(401);
    expect((await invite(anonymous, company.uuid, 'x@example.ru', 'admin')).statusCode).toBe(401);
  });

  it('state-changing calls need our Origin (CSRF plugin)', async () => {
    const owner = await signUp(ctx);
    const company = await createCompany(owner.user.id);
    const forged = await owner.visitor.post(
      INVITATIONS,
      { account_uuid: company.uuid, contact: 'x@example.ru', role: 'admin' },
      { origin: 'https://evil.example' },
    );
    expect(forged.statusCode).toBe(403);
    expect((forged.json() as ErrorJson).error.code).toBe('CSRF_REJECTED');
    const noHeaders = await ctx.app.inject({
      method: 'DELETE',
      url: `${MEMBER}?account_uuid=${company.uuid}&user_id=${owner.user.id}`,
      headers: { cookie: owner.visitor.cookie! },
    });
    expect(noHeaders.statusCode).toBe(403);
    expect((noHeaders.json() as ErrorJson).error.code).toBe('CSRF_REJECTED');
  });

  it('limits: invitations per profile per hour, invitation e-mails per address, the team size', async () => {
    const owner = await signUp(ctx);
    const company = await createCompany(owner.user.id);
    for (let i = 0; i < TEAM_INVITATIONS_PER_HOUR; i += 1) {
      expect((await invite(owner.visitor, company.uuid, `hour${i}@example.ru`, 'accountant')).statusCode).toBe(201);
    }
    const over = await invite(owner.visitor, company.uuid, 'one-more@example.ru', 'accountant');
    expect(over.statusCode).toBe(429);
    expect((over.json() as ErrorJson).error.message).toBe(T.invitationsPerHour);
    expect(over.headers['retry-after']).toBeDefined();
    clock.advance(3_600_000 + 1_000);
    expect((await invite(owner.visitor, company.uuid, 'one-more@example.ru', 'accountant')).statusCode).toBe(201);

    // One address gets a few invitation mails an hour, whichever companies send them.
    const other = await signUp(ctx);
    const otherCompany = await createCompany(other.user.id);
    for (let i = 0; i < TEAM_INVITATION_EMAILS_PER_RECIPIENT_HOUR - 1; i += 1) {
      expect((await invite(other.visitor, otherCompany.uuid, 'one-more@example.ru', 'admin')).statusCode).toBe(201);
    }
    const capped = await invite(other.visitor, otherCompany.uuid, 'one-more@example.ru', 'admin');
    expect(capped.statusCode).toBe(429);
    expect((capped.json() as ErrorJson).error.message).toBe(T.invitationEmailLimit);

    // Members and pending invitations together: at most TEAM_MAX_MEMBERS.
    const full = await signUp(ctx);
    const fullCompany = await createCompany(full.user.id);
    const now = clock.now();
    await ctx.database.db.insert(profileInvitations).values(
      Array.from({ length: TEAM_MAX_MEMBERS - 1 }, (_, i) => ({
        profileId: fullCompany.profileId,
        role: 'accountant',
        channel: 'email',
        contact: `seat${i}@example.ru`,
        tokenHash: sha256(randomUUID()),
        createdAt: new Date(now.getTime() - 2 * 3_600_000),
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      })),
    );
    const tooMany = await invite(full.visitor, fullCompany.uuid, 'seat-extra@example.ru', 'accountant');
    expect(tooMany.statusCode).toBe(409);
    expect((tooMany.json() as ErrorJson).error.message).toBe(T.teamFull);
    // Re-inviting a contact that already holds a seat replaces it and fits.
    expect((await invite(full.visitor, fullCompany.uuid, 'seat0@example.ru', 'admin')).statusCode).toBe(201);
  });

  it('the phone invitation is refused when the SMS budget of the number is spent', async () => {
    const owner = await signUp(ctx);
    const company = await createCompany(owner.user.id);
    const target = nextPhone();
    const budget = ctx.app.smsPolicy.budgets.perPhone;
    for (let i = 0; i < budget; i += 1) {
      expect((await invite(owner.visitor, company.uuid, target.typed, 'accountant')).statusCode).toBe(201);
    }
    const refused = await invite(owner.visitor, company.uuid, target.typed, 'accountant');
    expect(refused.statusCode).toBe(429);
    expect((refused.json() as ErrorJson).error.fields?.contact).toBe(MESSAGES.auth.smsBudget.phone);
    // Nothing was written for the refused one: the pending invitation is still the last sent.
    const team = TeamSchema.parse((await owner.visitor.get(`${TEAM}?account_uuid=${company.uuid}`)).json());
    expect(team.invitations).toHaveLength(1);
    const { token } = await lastInvitation(target.stored);
    const [row] = await ctx.database.db
      .select({ id: profileInvitations.id })
      .from(profileInvitations)
      .where(eq(profileInvitations.tokenHash, sha256(token)));
    expect(row!.id).toBe(team.invitations[0]!.id);
  });

  it('someone already in the team neither joins twice nor gets another invitation', async () => {
    const { owner, company, member } = await teamWith('accountant');
    const email = `member${member.user.id}@example.ru`;
    // Sent before the member's account had this address; once it is confirmed, the link would be theirs.
    expect((await invite(owner.visitor, company.uuid, email, 'admin')).statusCode).toBe(201);
    const { token } = await lastInvitation(email);
    expect((await member.visitor.call('PUT', '/api/v1/user/email/change_email', { email })).statusCode).toBe(200);
    const [mail] = await messagesTo(ctx, email);
    const link = /https?:\/\/\S+/.exec(mail!.body)![0];
    const applied = await member.visitor.get(
      `/api/v1/user/email/verification/change_email?token=${new URL(link).searchParams.get('token')}`,
      { 'sec-fetch-site': 'same-origin' },
    );
    expect(applied.statusCode).toBe(200);

    const twice = await member.visitor.post(ACCEPT, { token });
    expect(twice.statusCode).toBe(409);
    expect((twice.json() as ErrorJson).error.message).toBe(T.alreadyInTeam);
    const again = await invite(owner.visitor, company.uuid, email.toUpperCase(), 'admin');
    expect(again.statusCode).toBe(409);
    expect((again.json() as ErrorJson).error.fields?.contact).toBe(T.alreadyMember);
    const team = TeamSchema.parse((await owner.visitor.get(`${TEAM}?account_uuid=${company.uuid}`)).json());
    expect(team.members.map((m) => [m.user_id, m.role])).toEqual([
      [owner.user.id, 'owner'],
      [member.user.id, 'accountant'],
    ]);
  });
});
