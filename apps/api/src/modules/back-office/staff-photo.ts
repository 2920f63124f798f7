import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { staffUsers, type Database } from '@freight/db';
import { MESSAGES } from '@freight/domain';
import { AppError } from '../../errors/app-error';
import { asDb } from '../auth/auth-core';
import type { BackOfficeDeps } from './back-office.deps';
import { dropStoredFile, storeImageThen, type ImageIntakeWording, type ReceivedContentImage } from './content-image';
import { recordAudit } from './staff-context';

/*
 * The photo of a staff member (staff_users.photo_key), shown to the clients a manager serves
 * (GET /user/managers/photo/{id}, commercial module). Received like an illustration
 * (content-image.ts: checked by content, re-encoded without metadata) but JPEG or PNG only, and
 * kept under a prefix of its own that no public route serves.
 */

const C = MESSAGES.commercial;

/** Storage prefix of staff photos (private: only the commercial module reads them). */
export const STAFF_PHOTO_PREFIX = 'staff-photos';

/** The refusals of a photo upload, under the `photo` field. */
export const STAFF_PHOTO_WORDING: ImageIntakeWording = {
  field: 'photo',
  type: C.photoType,
  tooLarge: C.photoTooLarge,
  tooMany: C.photoTooMany,
  required: C.photoRequired,
};

type StaffRow = typeof staffUsers.$inferSelect;

const staffNotFound = () => new AppError('NOT_FOUND', 404, MESSAGES.backOffice.staffAdmin.notFound);

async function lockStaff(tx: Database, id: number): Promise<StaffRow> {
  const [row] = await tx.select().from(staffUsers).where(eq(staffUsers.id, id)).for('update');
  if (!row) throw staffNotFound();
  return row;
}

async function setPhotoKey(tx: Database, id: number, photoKey: string | null): Promise<StaffRow> {
  const [row] = await tx.update(staffUsers).set({ photoKey }).where(eq(staffUsers.id, id)).returning();
  return row!;
}

/** Removes a stored photo nothing points to any more (best effort: a leftover is harmless). */

/**
 * Stores a received photo under a new key and points the staff member at it, with an audit
 * record in the same transaction; the previous file goes once that has committed. The file is in
 * place before the row points to it, and removed again if the change fails (an unknown id).
 */
export async function setStaffPhoto(
  deps: BackOfficeDeps,
  request: FastifyRequest,
  id: number,
  image: ReceivedContentImage,
): Promise<StaffRow> {
  const key = `${STAFF_PHOTO_PREFIX}/${randomUUID()}.${image.extension}`;
  const now = deps.clock();
  return storeImageThen(deps.storage, image, key, () =>
    deps.db.transaction(async (t) => {
      const tx = asDb(t);
      const current = await lockStaff(tx, id);
      const after = await setPhotoKey(tx, id, key);
      await recordAudit(
        tx,
        request,
        {
          action: 'staff.photo',
          entityType: 'staff',
          entityId: id,
          before: { photo_key: current.photoKey },
          after: { photo_key: key, type: image.mime, size: image.size },
        },
        now,
      );
      return { previousKey: current.photoKey, result: after };
    }),
  );
}

/** Removes the staff member's photo (404 when there is none), with an audit record. */
export async function removeStaffPhoto(deps: BackOfficeDeps, request: FastifyRequest, id: number): Promise<StaffRow> {
  const now = deps.clock();
  let previous: string | null = null;
  const row = await deps.db.transaction(async (t) => {
    const tx = asDb(t);
    const current = await lockStaff(tx, id);
    if (!current.photoKey) throw new AppError('NOT_FOUND', 404, C.noPhoto, { photo: C.noPhoto });
    previous = current.photoKey;
    const after = await setPhotoKey(tx, id, null);
    await recordAudit(
      tx,
      request,
      {
        action: 'staff.photo_remove',
        entityType: 'staff',
        entityId: id,
        before: { photo_key: current.photoKey },
        after: { photo_key: null },
      },
      now,
    );
    return after;
  });
  await dropStoredFile(deps.storage, previous);
  return row;
}
