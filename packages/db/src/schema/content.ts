import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** News and events (duty_news). `body` is plain text, paragraphs separated by a blank line. */
export const newsItems = pgTable(
  'news_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    /** news | event */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    eventDate: date('event_date'),
    eventPlace: text('event_place'),
    toMainPage: boolean('to_main_page').notNull().default(false),
    isPublished: boolean('is_published').notNull().default(true),
    /** An illustration uploaded in the back-office (checked and re-encoded like every upload). */
    imageKey: text('image_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('news_items_slug_unique').on(t.slug),
    index('news_items_published_idx').on(t.publishedAt),
    check('news_items_kind_valid', sql`${t.kind} in ('news', 'event')`),
  ],
);

/** Promotions (duty_dynamic_content/promotion); `actual` ones run today. */
export const promotions = pgTable(
  'promotions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    terms: text('terms').notNull(),
    promoCode: text('promo_code'),
    discountPercent: integer('discount_percent'),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    imageKey: text('image_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('promotions_slug_unique').on(t.slug),
    check('promotions_period', sql`${t.startsOn} <= ${t.endsOn}`),
  ],
);

/** The integration menu (duty_integration_menu): ways to connect a client's systems. */
export const integrationMenuItems = pgTable(
  'integration_menu_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    url: text('url').notNull(),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('integration_menu_items_key_unique').on(t.key)],
);
