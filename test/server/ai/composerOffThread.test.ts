// The composer as the server runs it, on its worker thread: the same port contract, the same drafts and sources as
// on the calling thread, an abort that answers at once even while the thread is still composing, and a queue
// with an end.
import { describe, expect, it } from 'vitest';
import { analyseDraft, COACH_MAX_CHARS, COACH_MAX_PARAGRAPHS } from '../../../src/common/coach/index.ts';
import { createComposer } from '../../../src/server/ai/composer/index.ts';
import {
  COMPOSER_QUEUE_MAX, createThreadedComposer, QUEUE_FULL_RETRY_AFTER_SECONDS, queuedTasks, reviewDraftOffThread,
} from '../../../src/server/ai/composer/offThread.ts';
import { AiRateLimitedError, collectText } from '../../../src/server/ai/port.ts';
import { RICH_PROFILES, type ProfileFixture } from '../../fixtures/profiles.ts';
import { PLANTED_DRAFTS, STRONG_DRAFTS } from '../../fixtures/coachDrafts.ts';
import { describePortContract, essayInput } from './portContract.ts';

const threaded = createThreadedComposer();
const local = createComposer();
const fixture = RICH_PROFILES[0] as ProfileFixture;

describePortContract('the offline composer on its worker thread', () => threaded);

describe('the composer on its worker thread', () => {
  it('writes what the composer writes on the calling thread, with the same sources per paragraph', async () => {
    for (const variant of [0, 1]) {
      const input = essayInput(fixture, variant);
      expect(await collectText(threaded.essay(input))).toBe(await collectText(local.essay(input)));
      expect(await threaded.essayParagraphSources!(input)).toEqual(await local.essayParagraphSources!(input));
    }
    expect(await threaded.topicSuggestions(fixture.form, { variant: 1 })).toEqual(await local.topicSuggestions(fixture.form, { variant: 1 }));
  });

  it("reviews a draft as the coach's rules do on the calling thread", async () => {
    const [planted] = PLANTED_DRAFTS;
    const input = { kind: 'personal' as const, draft: planted!.draft, prompt: '', wordLimit: 650 };
    expect(await reviewDraftOffThread(input)).toEqual(analyseDraft(input));
  });

  it("rejects with the signal's reason as soon as the caller aborts, without waiting for the thread", async () => {
    const controller = new AbortController();
    const reason = new Error('the student left');
    const written = collectText(threaded.essay(essayInput(fixture), { signal: controller.signal }));
    controller.abort(reason);
    await expect(written).rejects.toBe(reason);
  });

  it('writes a paid essay on its own thread, not after the free reviews queued before it', async () => {
    const paragraphs = [...PLANTED_DRAFTS, ...STRONG_DRAFTS].flatMap(({ draft }) => draft.split('\n\n'));
    const draft = Array.from({ length: COACH_MAX_PARAGRAPHS }, (_, n) => paragraphs[n % paragraphs.length]).join('\n\n').slice(0, COACH_MAX_CHARS);
    const input = { kind: 'personal' as const, draft, prompt: '', wordLimit: 650 };
    // Both threads started, so neither's start-up is timed.
    await Promise.all([reviewDraftOffThread(input), collectText(threaded.essay(essayInput(fixture)))]);
    let reviewed = 0;
    const reviews = Array.from({ length: COMPOSER_QUEUE_MAX - 5 }, () => reviewDraftOffThread(input).then(() => { reviewed += 1; }));
    // The free pool is saturated; the paid one has nothing queued, so the essay goes straight to its thread.
    const written = collectText(threaded.essay(essayInput(fixture)));
    expect(queuedTasks()).toEqual({ paid: 0, free: reviews.length - 1 });
    expect((await written).length).toBeGreaterThan(0);
    // Written while most of the reviews queued before it still wait.
    expect(reviewed).toBeLessThan(reviews.length / 2);
    await Promise.all(reviews);
  });

  it('answers 429 with a Retry-After to the calls past the queue, and every call within it', async () => {
    const outcomes = await Promise.all(Array.from({ length: COMPOSER_QUEUE_MAX + 5 }, () =>
      threaded.topicSuggestions(fixture.form).then(() => 'written', (error: unknown) => error)));
    const refused = outcomes.filter((outcome) => outcome !== 'written');
    // The first call may go straight to the thread rather than wait in the queue.
    expect(refused.length).toBeGreaterThanOrEqual(4);
    expect(outcomes.length - refused.length).toBeGreaterThanOrEqual(COMPOSER_QUEUE_MAX);
    for (const error of refused) {
      expect(error).toBeInstanceOf(AiRateLimitedError);
      expect(error).toMatchObject({ httpStatus: 429, retryAfterSeconds: QUEUE_FULL_RETRY_AFTER_SECONDS });
    }
  });
});
