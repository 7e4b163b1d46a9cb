// Warms the hot paths before the instance takes traffic (main.ts runs this before it listens, so /api/ready
// answers 200 only afterwards). A new process runs its first requests in V8's interpreter with cold caches:
// the contract's validation of a form document, the response serializers, the cookie signature, and the
// database's first plans of each statement. When the first wave of 50 students arrived at once, each of their
// requests paid that cost while the others queued behind it (the first wave's sessions had a p99 of about 500 ms
// against under 100 ms once warm). A few dozen sequential saves and reads before listening pay it once.
//
// The requests are the real routes through `inject`, from a documentation-only address (192.0.2.1, which no
// client has), so the general rate limit counts them against that address and no real client's and no session budget is spent; the session is a
// signed cookie made here, and the one form row written is deleted at the end. AI routes are left out: they
// count against the daily AI budgets and may call a paid provider.
import type { FormDocument } from '../../common/questionnaire/formDocument.ts';
import { emptyActivityEntry, emptyFormDocument } from '../../common/questionnaire/formDocumentDefaults.ts';
import type { App } from '../appInstance.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { newUid, SESSION_COOKIE } from '../session/session.ts';

/** Rounds of save, read and whoami: enough for the handlers' functions to leave the interpreter. */
const ROUNDS = 40;
const WARM_UP_ADDRESS = '192.0.2.1';

/** A document with every kind of field filled, so validation walks each branch it will meet. */
function sampleDocument(round: number): FormDocument {
  const document = emptyFormDocument();
  const words = `warm-up text ${round} `.repeat(40);
  return {
    ...document,
    basicInfo: { fullName: `Warm Up ${round}`, email: 'warm-up@example.invalid' },
    academics: { classRank: '1', gpa: '4.0', subjects: ['Physics', 'History'], majors: ['Engineering'] },
    collegeGoals: { collegeTypes: ['Public'], specificColleges: ['A College', 'B University'] },
    activitiesAndInvolvement: {
      activities: Array.from({ length: 5 }, () => ({ ...emptyActivityEntry(), leadership: 'Lead', description: words })),
    },
    personalInsights: {
      happy: words, roleModel: words, lesson: words, hobby: words, unique: words, writingSample: { title: 'A title', text: words },
    },
    generatedEssay: words,
  };
}

/** Returns how many warm-up saves were acknowledged (all of them, unless something is wrong). */
export async function warmUp(app: App, database: DatabaseHandle): Promise<number> {
  const uid = newUid();
  const headers = { cookie: `${SESSION_COOKIE}=${encodeURIComponent(app.signCookie(uid))}`, 'content-type': 'application/json' };
  const send = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
    app.inject({ method, url, headers, remoteAddress: WARM_UP_ADDRESS, ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }) });
  try {
    let revision = 0;
    let saves = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const saved = await send('PUT', '/api/forms/me', { document: sampleDocument(round), baseRevision: revision });
      if (saved.statusCode === 200) {
        revision = saved.json<{ revision: number }>().revision;
        saves += 1;
      }
      await send('GET', '/api/forms/me');
      await send('GET', '/api/whoami');
    }
    // A stale save: the conflict's answer has its own serializer and query.
    await send('PUT', '/api/forms/me', { document: sampleDocument(0), baseRevision: 0 });
    return saves;
  } finally {
    await database.db.deleteFrom('forms').where('uid', '=', uid).execute();
  }
}
