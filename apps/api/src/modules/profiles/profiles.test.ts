import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CargoListResponseSchema, ProfileSchema, RequestCreateResponseSchema } from '@freight/contracts';
import { attachLegalProfile, cargos, profileMembers } from '@freight/db';
import { MESSAGES, RU_PRODUCTION_CALENDAR, addWorkingDays, toIsoDate, type OrderDraft } from '@freight/domain';
import { createTestContext, type TestContext } from '../../test/helpers';
import { signUp, type Visitor } from '../auth/identity-test-kit';
import { createOrder, loadNetwork, validDraft, type NetworkRefs } from '../orders/orders-test-kit';

/*
 * Profiles (issue 15): a user acts for their personal profile and the companies they are members
 * of; the active profile decides what the order list shows and whose a new cargo is.
 */
describe('profiles: GET /user/profile, POST /user/change_profile, cargo ownership by profile', () => {
  let ctx: TestContext;
  let net: NetworkRefs;
  const DATE = addWorkingDays(toIsoDate(new Date())!, 1, RU_PRODUCTION_CALENDAR);
  const COMPANY = { name: 'ООО «Северный ветер»', inn: '7709123453', kpp: '770901001' };

  beforeAll(async () => {
    ctx = await createTestContext();
    net = await loadNetwork(ctx.database.db);
  });
  afterAll(async () => ctx.close());

  const profileOf = async (visitor: Visitor) => {
    const res = await visitor.get('/api/v1/user/profile');
    expect(res.statusCode, res.body).toBe(200);
    return ProfileSchema.parse(res.json());
  };
  const list = async (visitor: Visitor, query = '') => {
    const res = await visitor.get(`/api/v1/cargo/cargo?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return CargoListResponseSchema.parse(res.json()).items.map((i) => i.track_number);
  };
  /** An order whose sender — and so payer and customer — is the company. */
  const companyDraft = (): OrderDraft =>
    validDraft(net, DATE, (d) => ({
      ...d,
      participants: { ...d.participants, senderType: 'legal' },
      contacts: {
        ...d.contacts,
        sender: { name: COMPANY.name, phone: '+7 (900) 123-45-01', email: '', inn: COMPANY.inn, kpp: COMPANY.kpp },
      },
    }));
  const order = async (visitor: Visitor, draft: OrderDraft) => {
    const res = await createOrder(visitor, draft);
    expect(res.statusCode, res.body).toBe(201);
    return RequestCreateResponseSchema.parse(res.json()).track_number;
  };

  it('a new user has a personal profile, active, owned by them; full access is not yet granted', async () => {
    const { visitor } = await signUp(ctx, { name: 'Ольга Соколова' });
    const profile = await profileOf(visitor);
    expect(profile.profiles).toHaveLength(1);
    expect(profile.active_profile).toMatchObject({
      kind: 'individual',
      name: 'Ольга Соколова',
      role: 'owner',
      role_label: 'Владелец',
      is_active: true,
      inn: null,
    });
    expect(profile.active_profile.permissions).toContain('team.manage');
    expect(profile.full_access).toBe(false);
  });

  it('switches between own profiles; someone else’s, unknown or malformed account_uuid is 404', async () => {
    const owner = await signUp(ctx, { name: 'Директор' });
    const stranger = await signUp(ctx, { name: 'Чужой' });
    await attachLegalProfile(ctx.database.db, COMPANY, owner.user.id);
    const before = await profileOf(owner.visitor);
    const company = before.profiles.find((p) => p.kind === 'legal')!;
    expect(company).toMatchObject({ name: COMPANY.name, inn: COMPANY.inn, kpp: COMPANY.kpp, is_active: false });
    expect(before.profiles[0]!.kind).toBe('individual');

    const switched = await owner.visitor.post('/api/v1/user/change_profile', { account_uuid: company.account_uuid });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(ProfileSchema.parse(switched.json()).active_profile.account_uuid).toBe(company.account_uuid);

    const foreign = await stranger.visitor.post('/api/v1/user/change_profile', { account_uuid: company.account_uuid });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.fields.account_uuid).toBe(MESSAGES.team.profileNotFound);
    expect(
      (
        await owner.visitor.post('/api/v1/user/change_profile', {
          account_uuid: '00000000-0000-4000-8000-000000000000',
        })
      ).statusCode,
    ).toBe(404);
    expect((await owner.visitor.post('/api/v1/user/change_profile', { account_uuid: 'x; drop' })).statusCode).toBe(404);
    expect((await owner.visitor.post('/api/v1/user/change_profile', {})).statusCode).toBe(400);
    expect((await stranger.visitor.get('/api/v1/user/profile')).json().active_profile.kind).toBe('individual');
  });

  it('a cargo belongs to the company it is paid by; the list shows the active profile, all, or one by owner_id_profile', async () => {
    const { visitor, user } = await signUp(ctx, { name: 'Бухгалтер-отправитель' });
    const stranger = await signUp(ctx, { name: 'Посторонний' });
    const other = { name: 'АО «Другая»', inn: '7728123459', kpp: '772801001' };
    await attachLegalProfile(ctx.database.db, other, user.id);
    await attachLegalProfile(ctx.database.db, { ...COMPANY }, user.id).catch(() => undefined);
    const personalTrack = await order(visitor, validDraft(net, DATE));
    const profile = await profileOf(visitor);
    const company = profile.profiles.find((p) => p.inn === COMPANY.inn);
    const otherProfile = profile.profiles.find((p) => p.inn === other.inn)!;
    const personal = profile.profiles.find((p) => p.kind === 'individual')!;
    expect(company).toBeDefined();
    const companyTrack = await order(visitor, companyDraft());

    // Active: the personal profile.
    expect(await list(visitor)).toEqual([personalTrack]);
    expect(await list(visitor, 'all_profiles=true')).toEqual([companyTrack, personalTrack]);
    expect(await list(visitor, `owner_id_profile=${company!.account_uuid}`)).toEqual([companyTrack]);
    expect(await list(visitor, `owner_id_profile=${otherProfile.account_uuid}`)).toEqual([]);

    await visitor.post('/api/v1/user/change_profile', { account_uuid: company!.account_uuid });
    expect(await list(visitor)).toEqual([companyTrack]);
    // Acting for the company, an order for a private sender still belongs to the active company.
    const third = await order(visitor, validDraft(net, DATE));
    expect(await list(visitor)).toEqual([third, companyTrack]);
    await visitor.post('/api/v1/user/change_profile', { account_uuid: personal.account_uuid });
    expect(await list(visitor)).toEqual([personalTrack]);

    // Someone else's profile in the filter is 404, never an empty page that hides the difference.
    const foreign = await stranger.visitor.get(`/api/v1/cargo/cargo?owner_id_profile=${company!.account_uuid}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.fields.owner_id_profile).toBe(MESSAGES.team.profileNotFound);
    expect((await stranger.visitor.get(`/api/v1/cargo/get_current_cargo?tracknumber=${companyTrack}`)).statusCode).toBe(
      404,
    );
  });

  it('a colleague of the company sees its cargos; an accountant may look but not cancel; removal hides them again', async () => {
    const owner = await signUp(ctx, { name: 'Владелец компании' });
    const colleague = await signUp(ctx, { name: 'Коллега' });
    const company = { name: 'ООО «Третья»', inn: '5024123459', kpp: '502401001' };
    const { profileId } = await attachLegalProfile(ctx.database.db, company, owner.user.id);
    const track = await order(owner.visitor, {
      ...companyDraft(),
      contacts: {
        ...companyDraft().contacts,
        sender: { name: company.name, phone: '+7 (900) 123-45-01', email: '', inn: company.inn, kpp: company.kpp },
      },
    });
    const [row] = await ctx.database.db.select().from(cargos).where(eq(cargos.trackNumber, track));
    expect(row!.ownerProfileId).toBe(profileId);

    expect((await colleague.visitor.get(`/api/v1/cargo/get_current_cargo?tracknumber=${track}`)).statusCode).toBe(404);
    await ctx.database.db.insert(profileMembers).values({ profileId, userId: colleague.user.id, role: 'accountant' });
    const seen = await colleague.visitor.get(`/api/v1/cargo/get_current_cargo?tracknumber=${track}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(await list(colleague.visitor, 'all_profiles=true')).toEqual([track]);
    const actions = (await colleague.visitor.get(`/api/v1/cargo_lk/available_actions?tracknumber=${track}`)).json();
    expect(actions.actions.map((a: { code: string }) => a.code)).not.toContain('cancel');
    const cancel = await colleague.visitor.post(`/api/v1/cargo_lk/cancel?tracknumber=${track}`);
    expect(cancel.statusCode, cancel.body).toBe(403);
    expect(cancel.json().error.message).toBe(MESSAGES.team.forbidden);
    const ownerActions = (await owner.visitor.get(`/api/v1/cargo_lk/available_actions?tracknumber=${track}`)).json();
    expect(ownerActions.actions.map((a: { code: string }) => a.code)).toContain('cancel');

    await ctx.database.db
      .delete(profileMembers)
      .where(and(eq(profileMembers.profileId, profileId), eq(profileMembers.userId, colleague.user.id)));
    expect((await colleague.visitor.get(`/api/v1/cargo/get_current_cargo?tracknumber=${track}`)).statusCode).toBe(404);
  });
});
