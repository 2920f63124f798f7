import { feedbackMessages, type Database } from '@freight/db';

export async function insertFeedback(
  db: Database,
  values: typeof feedbackMessages.$inferInsert,
): Promise<{ id: number; createdAt: Date }> {
  const [row] = await db
    .insert(feedbackMessages)
    .values(values)
    .returning({ id: feedbackMessages.id, createdAt: feedbackMessages.createdAt });
  if (!row) throw new Error('feedback insert returned no row');
  return row;
}
