// The coach's rules, run on this device as the student pauses typing. The analysis (src/common/coach, with its
// phrase lists) is loaded on first use, so it is fetched only by a student who opens /coach. A revision keeps the
// model's questions with its text: they are merged back wherever those words still stand.
import { useEffect, useMemo, useState } from 'react';
import type { EssayVersion } from '../../client-core/essayVersions.ts';
import type * as Coach from '../../common/coach/index.ts';
import type { CoachInput, CoachReview, CommentStatus } from '../../common/coach/index.ts';

type CoachModule = typeof Coach;

let loading: Promise<CoachModule> | undefined;
/** The analysis module, fetched once; a failed fetch (offline before it was ever cached) is tried again next time. */
export function loadCoach(): Promise<CoachModule> {
  loading ??= import('../../common/coach/index.ts').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** How long the student's typing must pause before the draft is reviewed again. */
export const REVIEW_PAUSE_MS = 400;

export type CoachView = {
  /** The text the review is of (the draft as it stood at the last pause). */
  text: string;
  review: CoachReview;
  /** The newest kept revision with other words than these, and what became of each of its comments. */
  earlier: { at: string; comments: CommentStatus[] } | null;
};

/** The review of a kept revision's text (or of the draft): the rules', with the model's questions it kept. */
function reviewOf(coach: CoachModule, input: CoachInput, version: EssayVersion | undefined): CoachReview {
  const review = coach.analyseDraft(input);
  const asked = version?.coach?.comments ?? [];
  if (asked.length === 0) return review;
  return coach.mergeModelComments(review, input.draft, coach.placeInDraft(input.draft, asked));
}

export function buildView(coach: CoachModule, input: CoachInput, revisions: readonly EssayVersion[]): CoachView {
  const review = reviewOf(coach, input, revisions.find((version) => version.text === input.draft));
  const before = revisions.find((version) => version.text !== input.draft);
  if (!before) return { text: input.draft, review, earlier: null };
  const old = reviewOf(coach, { ...input, draft: before.text }, before);
  const comments = coach.commentStatus(old.paragraphs.flatMap((paragraph) => paragraph.comments), review, input.draft);
  return { text: input.draft, review, earlier: { at: before.at, comments } };
}

/**
 * The view of `input`, worked out once the typing has paused for REVIEW_PAUSE_MS; null until the analysis has
 * loaded, or while the draft is empty. `failed`: the analysis could not be loaded (no connection yet).
 */
export function useCoachReview(input: CoachInput, revisions: readonly EssayVersion[]): { view: CoachView | null; failed: boolean } {
  const [coach, setCoach] = useState<CoachModule | null>(null);
  const [failed, setFailed] = useState(false);
  const [settled, setSettled] = useState(input);
  useEffect(() => {
    let live = true;
    loadCoach().then((module) => live && setCoach(() => module), () => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(input), REVIEW_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const view = useMemo(
    () => (coach && settled.draft.trim() !== '' ? buildView(coach, settled, revisions) : null),
    [coach, settled, revisions],
  );
  return { view, failed };
}
