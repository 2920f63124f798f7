import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  DynamicContentResponseSchema,
  NewsDetailSchema,
  NewsListResponseSchema,
  PromotionsResponseSchema,
} from '@freight/contracts';
import {
  AdminDiscountPageSchema,
  AdminFooterLinksSchema,
  AdminNewsPageSchema,
  AdminNewsSchema,
  AdminOfferPageSchema,
  AdminOfferSchema,
  AdminPromotionSchema,
} from '@freight/contracts/back-office-content';
import { clientProfiles, staffAuditLog } from '@freight/db';
import { MESSAGES } from '@freight/domain';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import type { StaffRole } from '@freight/domain';
import { createTestContext, type TestContext } from '../../test/helpers';
import { listFiles } from '../../test/files';
import { staffSession, type TestStaff } from '../../test/staff';
import { signUp } from '../auth/identity-test-kit';
import { JPEG_4X3, makePng, MULTIPART_CONTENT_TYPE, multipartBody } from '../uploads/test-images';

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };
const E = BACK_OFFICE_CONTENT_TEXTS.errors;
const V = BACK_OFFICE_CONTENT_TEXTS.validation;
const BO = '/api/v1/back-office';

const news = (overrides: Record<string, unknown> = {}) => ({
  title: 'Открыли терминал в Казани',
  kind: 'news',
  summary: 'Новый склад на 5 000 м².',
  body: 'Первый абзац.\n\nВторой абзац.',
  ...overrides,
});

const promotion = (overrides: Record<string, unknown> = {}) => ({
  title: 'Скидка на перевозку в Сибирь',
  description: 'Перевозим дешевле.',
  terms: 'Действует для новых клиентов.',
  promo_code: 'SIBIR10',
  discount_percent: 10,
  starts_on: '2026-01-01',
  ends_on: '2099-12-31',
  ...overrides,
});

describe('back-office content and offers', () => {
  let ctx: TestContext;
  let dataDir: string;
  let editor: TestStaff;
  let admin: TestStaff;

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (staff: TestStaff | null, method: Method, url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url: `${BO}${url}`,
      headers: staff ? (method === 'GET' ? { cookie: staff.cookie } : staff.headers) : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const upload = (staff: TestStaff, url: string, name: string, type: string, content: Buffer) =>
    ctx.app.inject({
      method: 'PUT',
      url: `${BO}${url}`,
      headers: { ...staff.headers, 'content-type': MULTIPART_CONTENT_TYPE },
      payload: multipartBody([{ name, type, content }]),
    });
  const publicGet = (url: string) => ctx.app.inject({ method: 'GET', url });
  const auditOf = (entityType: string, entityId: number | string) =>
    ctx.database.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.entityType, entityType), eq(staffAuditLog.entityId, String(entityId))));

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'content-admin-test-'));
    ctx = await createTestContext({ DATA_DIR: dataDir });
    [editor, admin] = await Promise.all([staffSession(ctx, 'content_editor'), staffSession(ctx, 'admin')]);
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  describe('news', () => {
    it('a published item is on the public list and page at once; unpublished it is gone', async () => {
      const created = await call(editor, 'POST', '/news', news({ to_main_page: true }));
      expect(created.statusCode).toBe(201);
      const item = AdminNewsSchema.parse(created.json());
      expect(item.slug).toBe('otkryli-terminal-v-kazani');
      expect(item.is_published).toBe(true);

      const list = NewsListResponseSchema.parse((await publicGet('/api/v1/duty_news/news?page_size=50')).json());
      expect(list.items.find((n) => n.id === item.id)).toMatchObject({ title: item.title, image_url: null });
      const main = NewsListResponseSchema.parse((await publicGet('/api/v1/duty_news/news?to_main_page=true')).json());
      expect(main.items.map((n) => n.id)).toContain(item.id);
      const page = await publicGet(`/api/v1/duty_news/news/${item.slug}`);
      expect(page.statusCode).toBe(200);
      expect(NewsDetailSchema.parse(page.json()).body).toBe('Первый абзац.\n\nВторой абзац.');

      const hidden = await call(editor, 'PUT', `/news/${item.id}`, news({ is_published: false }));
      expect(hidden.statusCode).toBe(200);
      expect(AdminNewsSchema.parse(hidden.json()).slug).toBe(item.slug); // an empty slug keeps the address
      const after = NewsListResponseSchema.parse((await publicGet('/api/v1/duty_news/news?page_size=50')).json());
      expect(after.items.map((n) => n.id)).not.toContain(item.id);
      expect((await publicGet(`/api/v1/duty_news/news/${item.slug}`)).statusCode).toBe(404);

      // The editor still sees the draft, and finds it by its address.
      const drafts = AdminNewsPageSchema.parse((await call(editor, 'GET', `/news?q=${item.slug}`)).json());
      expect(drafts.items.map((n) => n.id)).toEqual([item.id]);

      const audit = await auditOf('news', item.id);
      expect(audit.map((a) => a.action).sort()).toEqual(['news.create', 'news.update']);
      const update = audit.find((a) => a.action === 'news.update')!;
      expect(update.staffId).toBe(editor.id);
      expect(update.before).toMatchObject({ is_published: true });
      expect(update.after).toMatchObject({ is_published: false });
    });

    it('makes unique slugs from titles and refuses a typed slug that is taken (409)', async () => {
      const first = AdminNewsSchema.parse((await call(editor, 'POST', '/news', news({ title: 'Щука и ёж!' }))).json());
      const second = AdminNewsSchema.parse((await call(editor, 'POST', '/news', news({ title: 'Щука и ёж' }))).json());
      expect(first.slug).toBe('shchuka-i-ezh');
      expect(second.slug).toBe('shchuka-i-ezh-2');
      const taken = await call(editor, 'POST', '/news', news({ slug: 'shchuka-i-ezh' }));
      expect(taken.statusCode).toBe(409);
      expect((taken.json() as ErrorJson).error).toMatchObject({
        code: 'CONFLICT',
        message: E.newsSlugTaken,
        fields: { slug: E.newsSlugTaken },
      });
      const renamed = await call(editor, 'PUT', `/news/${second.id}`, news({ slug: 'shchuka-i-ezh' }));
      expect(renamed.statusCode).toBe(409);
      const own = await call(editor, 'PUT', `/news/${second.id}`, news({ slug: 'Shchuka-I-Ezh-2' }));
      expect(own.statusCode).toBe(200);
    });

    it.each([
      [{ title: '' }, 'title', V.titleRequired],
      [{ title: 'x'.repeat(201) }, 'title', V.titleTooLong],
      [{ slug: 'с кириллицей' }, 'slug', V.slugInvalid],
      [{ kind: 'event' }, 'event_date', V.eventDateRequired],
      [{ published_at: '2026-13-01' }, 'published_at', V.dateTimeInvalid],
      [{ summary: '   ' }, 'summary', V.summaryRequired],
    ])('refuses %j with a Russian field message', async (overrides, field, message) => {
      const res = await call(editor, 'POST', '/news', news(overrides));
      expect(res.statusCode).toBe(400);
      expect((res.json() as ErrorJson).error.fields?.[field]).toBe(message);
    });

    it('keeps an event’s date and place; a future item waits for its time', async () => {
      const event = AdminNewsSchema.parse(
        (
          await call(
            editor,
            'POST',
            '/news',
            news({ title: 'Выставка ТрансРоссия', kind: 'event', event_date: '2026-04-21', event_place: 'Крокус' }),
          )
        ).json(),
      );
      expect(event).toMatchObject({ kind: 'event', event_date: '2026-04-21', event_place: 'Крокус' });
      const future = AdminNewsSchema.parse(
        (
          await call(
            editor,
            'POST',
            '/news',
            news({ title: 'Будет завтра', published_at: new Date(Date.now() + 86_400_000).toISOString() }),
          )
        ).json(),
      );
      expect((await publicGet(`/api/v1/duty_news/news/${future.slug}`)).statusCode).toBe(404);
      expect((await call(editor, 'GET', `/news/${future.id}`)).statusCode).toBe(200);
      expect((await call(editor, 'DELETE', `/news/${future.id}`)).statusCode).toBe(200);
      expect((await call(editor, 'GET', `/news/${future.id}`)).statusCode).toBe(404);
      expect((await call(editor, 'DELETE', `/news/${future.id}`)).json()).toMatchObject({
        error: { message: E.newsNotFound },
      });
    });
  });

  describe('illustrations', () => {
    let item: { id: number; slug: string };
    beforeAll(async () => {
      item = AdminNewsSchema.parse((await call(editor, 'POST', '/news', news({ title: 'С картинкой' }))).json());
    });

    it('takes a PNG named .jpg as a PNG, re-encoded, and serves it publicly with a long cache', async () => {
      const res = await upload(editor, `/news/${item.id}/image`, 'photo.jpg', 'image/jpeg', makePng(6, 4));
      expect(res.statusCode).toBe(200);
      const saved = AdminNewsSchema.parse(res.json());
      expect(saved.image_url).toMatch(/^\/api\/v1\/content\/images\/[0-9a-f-]{36}\.png$/);

      const image = await publicGet(saved.image_url!);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(image.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 6, 4]);

      const page = NewsDetailSchema.parse((await publicGet(`/api/v1/duty_news/news/${item.slug}`)).json());
      expect(page.image_url).toBe(saved.image_url);
      const audit = await auditOf('news', item.id);
      expect(audit.map((a) => a.action)).toContain('news.image');
    });

    it('refuses a text file named .png with a Russian 400 and keeps the old image', async () => {
      const before = AdminNewsSchema.parse((await call(editor, 'GET', `/news/${item.id}`)).json());
      const res = await upload(
        editor,
        `/news/${item.id}/image`,
        'picture.png',
        'image/png',
        Buffer.from('Это не картинка, а текст'),
      );
      expect(res.statusCode).toBe(400);
      expect((res.json() as ErrorJson).error).toMatchObject({ message: E.imageType, fields: { image: E.imageType } });
      const after = AdminNewsSchema.parse((await call(editor, 'GET', `/news/${item.id}`)).json());
      expect(after.image_url).toBe(before.image_url);
      expect(after.image_url).not.toBeNull();
    });

    it('replaces the image (the old file is gone), takes WebP and JPEG, and removes it', async () => {
      const first = AdminNewsSchema.parse((await call(editor, 'GET', `/news/${item.id}`)).json()).image_url!;
      const webp = await sharp({ create: { width: 8, height: 5, channels: 3, background: '#3060a0' } })
        .webp()
        .withMetadata({ exif: { IFD0: { Copyright: 'Секрет' } } })
        .toBuffer();
      const res = await upload(editor, `/news/${item.id}/image`, 'banner.bin', 'application/octet-stream', webp);
      expect(res.statusCode).toBe(200);
      const second = AdminNewsSchema.parse(res.json()).image_url!;
      expect(second).toMatch(/\.webp$/);
      expect((await publicGet(first)).statusCode).toBe(404);
      const served = await publicGet(second);
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width, meta.exif]).toEqual(['webp', 8, undefined]);

      const jpeg = await upload(editor, `/news/${item.id}/image`, 'photo.webp', 'image/webp', JPEG_4X3);
      expect(AdminNewsSchema.parse(jpeg.json()).image_url).toMatch(/\.jpg$/);
      expect((await publicGet(second)).statusCode).toBe(404);

      const removed = await call(editor, 'DELETE', `/news/${item.id}/image`);
      expect(AdminNewsSchema.parse(removed.json()).image_url).toBeNull();
      expect((await call(editor, 'DELETE', `/news/${item.id}/image`)).statusCode).toBe(404);
      const stored = (await listFiles(path.join(dataDir, 'uploads'))).filter((f) =>
        f.includes(`${path.sep}content${path.sep}`),
      );
      expect(stored).toEqual([]);
    });

    it('refuses a truncated WebP, an image for an unknown item, and an empty upload', async () => {
      const webp = await sharp({ create: { width: 8, height: 5, channels: 3, background: '#000' } })
        .webp()
        .toBuffer();
      const cut = await upload(
        editor,
        `/news/${item.id}/image`,
        'a.webp',
        'image/webp',
        webp.subarray(0, webp.length - 6),
      );
      expect(cut.statusCode).toBe(400);
      expect((cut.json() as ErrorJson).error.message).toBe(MESSAGES.upload.unreadable);
      const unknown = await upload(editor, '/news/999999/image', 'a.png', 'image/png', makePng(2, 2));
      expect(unknown.statusCode).toBe(404);
      const none = await ctx.app.inject({
        method: 'PUT',
        url: `${BO}/news/${item.id}/image`,
        headers: { ...editor.headers, 'content-type': MULTIPART_CONTENT_TYPE },
        payload: multipartBody([]),
      });
      expect(none.statusCode).toBe(400);
      expect((none.json() as ErrorJson).error.message).toBe(E.imageRequired);
      // Nothing of the refused uploads stayed in storage.
      const stored = (await listFiles(path.join(dataDir, 'uploads'))).filter(
        (f) => !f.includes(`${path.sep}scratch${path.sep}`),
      );
      expect(stored.filter((f) => f.includes(`${path.sep}content${path.sep}`))).toEqual([]);
    });

    it('puts a promotion’s image on the public promotions call', async () => {
      const created = await call(editor, 'POST', '/promotions', promotion());
      expect(created.statusCode).toBe(201);
      const promo = AdminPromotionSchema.parse(created.json());
      expect(promo.slug).toBe('skidka-na-perevozku-v-sibir');
      const res = await upload(editor, `/promotions/${promo.id}/image`, 'promo.png', 'image/png', makePng(3, 3));
      const saved = AdminPromotionSchema.parse(res.json());
      const list = PromotionsResponseSchema.parse((await publicGet('/api/v1/duty_dynamic_content/promotion')).json());
      expect(list.find((p) => p.id === promo.id)?.image_url).toBe(saved.image_url);
      expect((await publicGet(saved.image_url!)).headers['content-type']).toBe('image/png');
    });
  });

  describe('promotions', () => {
    it('creates, edits, validates and deletes', async () => {
      const promo = AdminPromotionSchema.parse(
        (await call(editor, 'POST', '/promotions', promotion({ title: 'Осенняя акция', promo_code: 'osen5' }))).json(),
      );
      expect(promo.promo_code).toBe('OSEN5');
      const period = await call(editor, 'PUT', `/promotions/${promo.id}`, promotion({ ends_on: '2025-01-01' }));
      expect(period.statusCode).toBe(400);
      expect((period.json() as ErrorJson).error.fields?.ends_on).toBe(V.periodInvalid);
      const percent = await call(editor, 'POST', '/promotions', promotion({ discount_percent: 95 }));
      expect((percent.json() as ErrorJson).error.fields?.discount_percent).toBe(V.discountPercentRange);
      const off = await call(editor, 'PUT', `/promotions/${promo.id}`, promotion({ is_active: false, promo_code: '' }));
      expect(AdminPromotionSchema.parse(off.json())).toMatchObject({ is_active: false, promo_code: null });
      const list = PromotionsResponseSchema.parse((await publicGet('/api/v1/duty_dynamic_content/promotion')).json());
      expect(list.map((p) => p.id)).not.toContain(promo.id);
      expect((await call(editor, 'DELETE', `/promotions/${promo.id}`)).statusCode).toBe(200);
      expect((await call(editor, 'GET', `/promotions/${promo.id}`)).statusCode).toBe(404);
    });
  });

  describe('footer links', () => {
    it.each([
      ['https://example.ru/tariffs', true],
      ['http://example.ru', true],
      ['/about', true],
      ['/docs/offer.pdf?v=2#top', true],
      ['about', false],
      ['//evil.example', false],
      ['/\\evil.example', false],
      ['javascript:alert(1)', false],
      ['mailto:info@example.ru', false],
      ['https://', false],
      ['https://exa mple.ru', false],
      ['', false],
    ])('url %j accepted: %s', async (url, ok) => {
      const res = await call(editor, 'POST', '/footer_links', {
        category: 5,
        name: `Ссылка ${url.length}-${Math.random()}`,
        url,
      });
      expect(res.statusCode).toBe(ok ? 201 : 400);
      if (!ok) expect((res.json() as ErrorJson).error.fields?.url).toBe(V.linkUrlInvalid);
    });

    it('validates the category and name, refuses a duplicate, and shows on the public footer', async () => {
      const bad = await call(editor, 'POST', '/footer_links', { category: 6, name: 'Тест', url: '/x' });
      expect((bad.json() as ErrorJson).error.fields?.category).toBe(V.categoryInvalid);
      const empty = await call(editor, 'POST', '/footer_links', { category: 1, name: '  ', url: '/x' });
      expect((empty.json() as ErrorJson).error.fields?.name).toBe(V.linkNameRequired);

      const created = await call(editor, 'POST', '/footer_links', {
        category: 2,
        name: 'Правила перевозки опасных грузов',
        url: '/rules/dangerous',
        position: 3,
      });
      expect(created.statusCode).toBe(201);
      const link = created.json() as { id: number; category_label: string };
      expect(link.category_label).toBe('Условия перевозок');
      const dup = await call(editor, 'POST', '/footer_links', {
        category: 2,
        name: 'Правила перевозки опасных грузов',
        url: '/other',
      });
      expect(dup.statusCode).toBe(409);
      expect((dup.json() as ErrorJson).error.message).toBe(E.footerLinkTaken);

      const footer = DynamicContentResponseSchema.parse(
        (await publicGet('/api/v1/duty_dynamic_content/dynamic_content')).json(),
      );
      expect(footer.find((l) => l.id === link.id)).toMatchObject({ url: '/rules/dangerous', category: 2 });

      const hidden = await call(editor, 'PUT', `/footer_links/${link.id}`, {
        category: 2,
        name: 'Правила перевозки опасных грузов',
        url: 'https://example.ru/rules',
        is_active: false,
      });
      expect(hidden.statusCode).toBe(200);
      const footerAfter = DynamicContentResponseSchema.parse(
        (await publicGet('/api/v1/duty_dynamic_content/dynamic_content')).json(),
      );
      expect(footerAfter.map((l) => l.id)).not.toContain(link.id);
      const all = AdminFooterLinksSchema.parse((await call(editor, 'GET', '/footer_links')).json());
      expect(all.items.find((l) => l.id === link.id)).toMatchObject({
        is_active: false,
        url: 'https://example.ru/rules',
      });
      expect((await call(editor, 'DELETE', `/footer_links/${link.id}`)).statusCode).toBe(200);
      expect((await auditOf('footer_link', link.id)).map((a) => a.action).sort()).toEqual([
        'footer_link.create',
        'footer_link.delete',
        'footer_link.update',
      ]);
    });
  });

  describe('offers and personal discounts', () => {
    it('creates an offer to everyone and a targeted one, edits and deletes', async () => {
      const { user } = await signUp(ctx, { name: 'Ольга Клиентова' });
      const [profile] = await ctx.database.db
        .select({ uuid: clientProfiles.accountUuid, name: clientProfiles.name })
        .from(clientProfiles)
        .where(eq(clientProfiles.personalUserId, user.id));
      const base = {
        title: 'Скидка 7 % на Урал',
        description: 'Для постоянных клиентов.',
        conditions: 'От 10 отправок в месяц.',
        discount_percent: 7,
        valid_from: '2026-03-01',
        valid_to: '2026-06-30',
      };
      const everyone = AdminOfferSchema.parse((await call(admin, 'POST', '/offers', base)).json());
      expect(everyone).toMatchObject({ account_uuid: null, profile_name: null, is_active: true });
      const targeted = await call(admin, 'POST', '/offers', { ...base, account_uuid: profile!.uuid.toUpperCase() });
      expect(targeted.statusCode).toBe(201);
      expect(AdminOfferSchema.parse(targeted.json())).toMatchObject({
        account_uuid: profile!.uuid,
        profile_name: profile!.name,
      });
      const unknown = await call(admin, 'POST', '/offers', {
        ...base,
        account_uuid: '7d5f5c1e-0000-4000-8000-000000000000',
      });
      expect(unknown.statusCode).toBe(404);
      expect((unknown.json() as ErrorJson).error.message).toBe(E.profileNotFound);
      const range = await call(admin, 'POST', '/offers', { ...base, discount_percent: 91 });
      expect((range.json() as ErrorJson).error.fields?.discount_percent).toBe(V.discountPercentRange);
      const period = await call(admin, 'POST', '/offers', { ...base, valid_to: '2026-02-01' });
      expect((period.json() as ErrorJson).error.fields?.valid_to).toBe(V.periodInvalid);

      const edited = await call(admin, 'PUT', `/offers/${everyone.id}`, {
        ...base,
        discount_percent: null,
        is_active: false,
      });
      expect(AdminOfferSchema.parse(edited.json())).toMatchObject({ discount_percent: null, is_active: false });
      const page = AdminOfferPageSchema.parse((await call(admin, 'GET', '/offers?q=Клиентова')).json());
      expect(page.items.map((o) => o.profile_name)).toEqual([profile!.name]);
      expect((await call(admin, 'DELETE', `/offers/${everyone.id}`)).statusCode).toBe(200);
      expect((await call(admin, 'PUT', `/offers/${everyone.id}`, base)).statusCode).toBe(404);
    });

    it('sets a discount by phone in any format, lists it, refuses an unknown phone, and removes it', async () => {
      const { user, phone } = await signUp(ctx, { name: 'Пётр Скидкин' });
      const digits = phone.stored.slice(2);
      const typed = `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`;
      const set = await call(admin, 'PUT', '/discounts', { phone: typed, percent: 12.5 });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toMatchObject({ user_id: user.id, percent: 12.5, phone: phone.stored, name: 'Пётр Скидкин' });
      const again = await call(admin, 'PUT', '/discounts', { phone: phone.typed, percent: 3 });
      expect(again.json()).toMatchObject({ user_id: user.id, percent: 3 });
      const list = AdminDiscountPageSchema.parse((await call(admin, 'GET', `/discounts?q=${digits.slice(-7)}`)).json());
      expect(list.items).toEqual([expect.objectContaining({ user_id: user.id, percent: 3 })]);

      const unknown = await call(admin, 'PUT', '/discounts', { phone: '+7 999 000-00-01', percent: 5 });
      expect(unknown.statusCode).toBe(404);
      expect((unknown.json() as ErrorJson).error.message).toBe(E.clientNotFound);
      for (const percent of [0, 50.01, 1.005]) {
        const bad = await call(admin, 'PUT', '/discounts', { phone: phone.typed, percent });
        expect((bad.json() as ErrorJson).error.fields?.percent).toBe(V.personalDiscountRange);
      }
      const badPhone = await call(admin, 'PUT', '/discounts', { phone: '12345', percent: 5 });
      expect((badPhone.json() as ErrorJson).error.fields?.phone).toBe(V.phoneInvalid);

      expect((await call(admin, 'DELETE', `/discounts/${user.id}`)).statusCode).toBe(200);
      expect((await call(admin, 'DELETE', `/discounts/${user.id}`)).statusCode).toBe(404);
      const audit = await auditOf('client_discount', user.id);
      expect(audit.map((a) => a.action).sort()).toEqual(['discount.delete', 'discount.set', 'discount.set']);
      expect(audit.find((a) => a.action === 'discount.delete')!.before).toMatchObject({ percent: 3 });
    });
  });

  describe('who may do what', () => {
    // Valid bodies: the permission is checked after the body (a wrong body is a 400 for anyone).
    const offer = {
      title: 'Предложение',
      description: 'Описание',
      conditions: 'Условия',
      valid_from: '2026-03-01',
      valid_to: '2026-04-01',
    };
    const contentCalls: [Method, string, unknown?][] = [
      ['GET', '/news'],
      ['POST', '/news', news({ title: 'Проверка прав' })],
      ['GET', '/promotions'],
      ['GET', '/footer_links'],
      ['DELETE', '/footer_links/999999'],
    ];
    const offerCalls: [Method, string, unknown?][] = [
      ['GET', '/offers'],
      ['POST', '/offers', offer],
      ['GET', '/discounts'],
      ['PUT', '/discounts', { phone: '+7 999 000-00-02', percent: 5 }],
    ];
    const status = async (staff: TestStaff | null, [method, url, body]: [Method, string, unknown?]) =>
      (await call(staff, method, url, body)).statusCode;

    it.each<[StaffRole, boolean, boolean]>([
      ['content_editor', true, false],
      ['admin', true, true],
      ['operator', false, false],
      ['client_manager', false, true],
    ])('%s: content %s, offers %s', async (role, content, offers) => {
      const staff = await staffSession(ctx, role);
      for (const request of contentCalls)
        expect([request, await status(staff, request)]).toEqual([
          request,
          content ? expect.not.toBeOneOf([401, 403]) : 403,
        ]);
      for (const request of offerCalls)
        expect([request, await status(staff, request)]).toEqual([
          request,
          offers ? expect.not.toBeOneOf([401, 403]) : 403,
        ]);
    });

    it('anonymous 401, a client session 403, a staff cookie without Origin refused as CSRF', async () => {
      for (const request of [...contentCalls, ...offerCalls]) expect(await status(null, request)).toBe(401);
      const { visitor } = await signUp(ctx);
      const asClient = await visitor.get(`${BO}/news`);
      expect(asClient.statusCode).toBe(403);
      expect((asClient.json() as ErrorJson).error.message).toBe(MESSAGES.backOffice.errors.forbidden);
      const forged = await ctx.app.inject({
        method: 'POST',
        url: `${BO}/news`,
        headers: { cookie: editor.cookie },
        payload: news({ title: 'Подделка' }),
      });
      expect(forged.statusCode).toBe(403);
      expect((forged.json() as ErrorJson).error.code).toBe('CSRF_REJECTED');
      const image = await ctx.app.inject({
        method: 'PUT',
        url: `${BO}/news/1/image`,
        headers: { cookie: editor.cookie, 'content-type': MULTIPART_CONTENT_TYPE },
        payload: multipartBody([{ name: 'a.png', type: 'image/png', content: makePng(2, 2) }]),
      });
      expect((image.json() as ErrorJson).error.code).toBe('CSRF_REJECTED');
    });
  });
});
