import { aliasedTable, and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  cargoStatusHistory,
  cargos,
  cities,
  notificationDeliveries,
  notificationEmailOptOuts,
  notificationSettings,
  subdivisions,
  telegramBotState,
  telegramLinkCodes,
  telegramLinks,
  users,
  type Database,
} from '@freight/db';
import type { NotificationPreferences } from '@freight/domain/notifications';

// ---- settings ---------------------------------------------------------------------------------------

/** The stored settings of a user (raw jsonb), or null when they never saved any. */
export async function findPreferences(db: Database, userId: number): Promise<unknown> {
  const [row] = await db
    .select({ preferences: notificationSettings.preferences })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row?.preferences ?? null;
}

export async function savePreferences(
  db: Database,
  userId: number,
  preferences: NotificationPreferences,
): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, preferences })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { preferences, updatedAt: new Date() } });
}

/** Serialises changes of one user's settings (a PUT and an unsubscribe at once) for the transaction. */
export async function lockPreferences(tx: Database, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`notify-settings:${userId}`}))`);
}

// ---- Telegram ---------------------------------------------------------------------------------------

export type TelegramLinkRow = typeof telegramLinks.$inferSelect;

export async function findActiveLink(db: Database, userId: number): Promise<TelegramLinkRow | null> {
  const [row] = await db
    .select()
    .from(telegramLinks)
    .where(and(eq(telegramLinks.userId, userId), isNull(telegramLinks.unlinkedAt)));
  return row ?? null;
}

/** Retires the user's codes not yet used (a new one replaces them). */
export async function retireLinkCodes(db: Database, userId: number, now: Date): Promise<void> {
  await db
    .update(telegramLinkCodes)
    .set({ consumedAt: now })
    .where(and(eq(telegramLinkCodes.userId, userId), isNull(telegramLinkCodes.consumedAt)));
}

export async function insertLinkCode(
  db: Database,
  values: { userId: number; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(telegramLinkCodes).values(values);
}

/** Spends a live code: the user it was made for, or null (unknown, used, expired). */
export async function consumeLinkCode(tx: Database, codeHash: string, now: Date): Promise<number | null> {
  const [row] = await tx
    .update(telegramLinkCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(telegramLinkCodes.codeHash, codeHash),
        isNull(telegramLinkCodes.consumedAt),
        gt(telegramLinkCodes.expiresAt, now),
      ),
    )
    .returning({ userId: telegramLinkCodes.userId });
  return row?.userId ?? null;
}

/** Ends the user's active link; returns its chat id, or null when there was none. */
export async function unlinkUser(tx: Database, userId: number, now: Date): Promise<string | null> {
  const [row] = await tx
    .update(telegramLinks)
    .set({ unlinkedAt: now })
    .where(and(eq(telegramLinks.userId, userId), isNull(telegramLinks.unlinkedAt)))
    .returning({ chatId: telegramLinks.chatId });
  return row?.chatId ?? null;
}

/** Ends every active link of a chat (/stop in the chat); returns how many. */
export async function unlinkChat(tx: Database, chatId: string, now: Date): Promise<number> {
  const rows = await tx
    .update(telegramLinks)
    .set({ unlinkedAt: now })
    .where(and(eq(telegramLinks.chatId, chatId), isNull(telegramLinks.unlinkedAt)))
    .returning({ id: telegramLinks.id });
  return rows.length;
}

export async function insertLink(
  tx: Database,
  values: { userId: number; chatId: string; chatLabel: string | null; linkedAt: Date },
): Promise<void> {
  await tx.insert(telegramLinks).values(values);
}

/** The bot's next update id, locked for the rest of the transaction (the row is made on first use). */
export async function lockBotOffset(tx: Database, botId: string): Promise<number> {
  await tx.insert(telegramBotState).values({ botId, updateOffset: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ offset: telegramBotState.updateOffset })
    .from(telegramBotState)
    .where(eq(telegramBotState.botId, botId))
    .for('update');
  return row?.offset ?? 0;
}

export async function readBotOffset(db: Database, botId: string): Promise<number> {
  const [row] = await db
    .select({ offset: telegramBotState.updateOffset })
    .from(telegramBotState)
    .where(eq(telegramBotState.botId, botId));
  return row?.offset ?? 0;
}

export async function setBotOffset(tx: Database, botId: string, offset: number): Promise<void> {
  await tx
    .update(telegramBotState)
    .set({ updateOffset: offset, updatedAt: new Date() })
    .where(and(eq(telegramBotState.botId, botId), lt(telegramBotState.updateOffset, offset)));
}

// ---- the job -----------------------------------------------------------------------------------------

const departureCity = aliasedTable(cities, 'departure_city');
const deliveryCity = aliasedTable(cities, 'delivery_city');

/** What the notification job needs of a cargo: participants, owner, the zones of both cities. */
export async function findCargoForNotice(db: Database, cargoId: number) {
  const [row] = await db
    .select({
      id: cargos.id,
      trackNumber: cargos.trackNumber,
      ownerUserId: cargos.ownerUserId,
      customerRole: cargos.customerRole,
      sender: cargos.sender,
      recipient: cargos.recipient,
      anonymizedAt: cargos.anonymizedAt,
      departureZone: departureCity.timezone,
      deliveryZone: deliveryCity.timezone,
    })
    .from(cargos)
    .innerJoin(departureCity, eq(departureCity.id, cargos.cityDepartureId))
    .innerJoin(deliveryCity, eq(deliveryCity.id, cargos.cityDeliveryId))
    .where(eq(cargos.id, cargoId));
  return row ?? null;
}
export type CargoForNotice = NonNullable<Awaited<ReturnType<typeof findCargoForNotice>>>;

/** The owner as a notice needs them: null unless verified and not deleted. */
export async function findNotifiableUser(db: Database, userId: number) {
  const [row] = await db
    .select({ id: users.id, phone: users.phone, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isVerified, true), isNull(users.deletedAt)));
  return row ?? null;
}

export async function findOfficeAddress(db: Database, officeId: number): Promise<string | null> {
  const [row] = await db
    .select({ address: subdivisions.address })
    .from(subdivisions)
    .where(eq(subdivisions.id, officeId));
  return row?.address ?? null;
}

/** Serialises the notification jobs of one cargo (their duplicate check reads the earlier ones). */
export async function lockCargoNotices(tx: Database, cargoId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`notify-cargo:${cargoId}`}))`);
}

export interface DeliveryKey {
  historyId: number;
  cargoId: number;
  channel: string;
  recipientKind: string;
}

/** The statuses of the cargo's history before entry `historyId`, newest first (at most `limit`). */
export async function statusesBefore(db: Database, cargoId: number, historyId: number, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ status: cargoStatusHistory.status })
    .from(cargoStatusHistory)
    .where(and(eq(cargoStatusHistory.cargoId, cargoId), lt(cargoStatusHistory.id, historyId)))
    .orderBy(desc(cargoStatusHistory.id))
    .limit(limit);
  return rows.map((r) => r.status);
}

/** Claims a delivery; null when this change already went out on this channel to this recipient. */
export async function claimDelivery(
  tx: Database,
  key: DeliveryKey & { status: string; outcome: string },
): Promise<number | null> {
  const [row] = await tx
    .insert(notificationDeliveries)
    .values(key)
    .onConflictDoNothing()
    .returning({ id: notificationDeliveries.id });
  return row?.id ?? null;
}

export async function setDeliveryOutcome(
  tx: Database,
  id: number,
  outcome: string,
  outboxId: number | null,
): Promise<void> {
  await tx.update(notificationDeliveries).set({ outcome, outboxId }).where(eq(notificationDeliveries.id, id));
}

// ---- e-mail opt-outs -------------------------------------------------------------------------------------

export async function isEmailOptedOut(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ email: notificationEmailOptOuts.email })
    .from(notificationEmailOptOuts)
    .where(eq(notificationEmailOptOuts.email, email.trim().toLowerCase()));
  return row !== undefined;
}

export async function insertEmailOptOut(db: Database, email: string): Promise<void> {
  await db.insert(notificationEmailOptOuts).values({ email: email.trim().toLowerCase() }).onConflictDoNothing();
}
