// Feedback submissions: stored as sent, with the submitting browser's uid when it has a session.
import type { Kysely } from 'kysely';
import type { Database, FeedbackTable } from '../../db/schema.ts';

export type NewFeedback = Omit<FeedbackTable, 'id' | 'created_at'> & { created_at: Date };

export async function insertFeedback(db: Kysely<Database>, feedback: NewFeedback): Promise<void> {
  await db.insertInto('feedback').values(feedback).execute();
}
