// /coach: the student writes or pastes their own draft and the coach asks about it. The rules' review runs on
// this device each time the typing pauses; "Ask the coach" (only when a model is set up) sends the draft to the
// server on press, never on a pause. "Save this revision" keeps the draft as a coach revision, synced with the
// essays' versions; the next review shows which of that revision's questions the new draft has addressed.
import { useEffect, useMemo } from 'react';
import { useAppDispatch, useAppSelector, useFormDocument } from '../../app/hooks.ts';
import type { CoachInput } from '../../common/coach/types.ts';
import { COACH_MAX_CHARS } from '../../common/coach/limits.ts';
import { countWords } from '../../common/text/wordCount.ts';
import { Alert, Button, TextAreaField, useLoadedAfterShown } from '../../ui/index.ts';
import { CommentsPanelLater } from '../comments/index.ts';
import { SharePanelLater } from '../shares/index.ts';
import { CoachAbout } from './CoachAbout.tsx';
import { CoachEssayChoice } from './CoachEssayChoice.tsx';
import { CoachRevisionList } from './CoachRevisionList.tsx';
import {
  coachDraftChanged, coachPageLeft, coachRevisionKept, draftKey, selectCoach, selectCoachRevisions, selectCoachWordLimit,
} from './coachSlice.ts';
import { selectCoachRequest } from './coachRequests.ts';
import { askCoach, fetchCoachStatus } from './coachThunks.ts';
import { useCoachReview } from './useCoachReview.ts';
import './coach.css';

/** The review's panel comes after the page is live, as the analysis it shows does (useCoachReview.ts). */
const loadReviewPanel = async () => (await import('./CoachReviewPanel.tsx')).CoachReviewPanel;

function useCoachInput(): CoachInput {
  const { kind, prompt, draft } = useAppSelector(selectCoach);
  const wordLimit = useAppSelector(selectCoachWordLimit);
  const form = useFormDocument();
  return useMemo(() => {
    const material = { form, followUpResponses: form.followUpResponses };
    return kind === 'personal' ? { kind, draft, material } : { kind, draft, prompt: prompt.trim(), wordLimit, material };
  }, [kind, prompt, draft, wordLimit, form]);
}

function CoachActions() {
  const dispatch = useAppDispatch();
  const coach = useAppSelector(selectCoach);
  const revisions = useAppSelector(selectCoachRevisions);
  const { status, error } = useAppSelector(selectCoachRequest);
  const empty = coach.draft.trim() === '';
  const saved = revisions[0]?.text === coach.draft;
  const noKey = draftKey(coach) === null;
  return (
    <div className="coach-actions">
      <div className="page-actions">
        <Button variant="secondary" disabled={empty || saved || noKey} onClick={() => dispatch(coachRevisionKept())}>Save this revision</Button>
        {coach.model && (
          <Button disabled={empty || noKey || status === 'pending' || coach.model.left === 0} onClick={() => void dispatch(askCoach())}>
            Ask the coach
          </Button>
        )}
      </div>
      <div role="status" className="page-hint">
        {saved && !empty && 'This draft is saved as a revision. '}
        {coach.model && `The model can be asked ${coach.model.left} more ${coach.model.left === 1 ? 'time' : 'times'} today (of ${coach.model.limit}). `}
        {status === 'pending' && 'Asking the coach…'}
        {status === 'succeeded' && coach.lastAsk === 'offline' && 'The model did not answer this time; the questions are the coach\'s rules alone.'}
      </div>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}

export default function CoachPage() {
  const dispatch = useAppDispatch();
  const coach = useAppSelector(selectCoach);
  const { draft, model } = coach;
  const essayKey = draftKey(coach);
  const wordLimit = useAppSelector(selectCoachWordLimit);
  const revisions = useAppSelector(selectCoachRevisions);
  // The revision shown is the kept revision with the draft's text: the one a link shares.
  const shownRevision = revisions.find((revision) => revision.text === draft);
  const input = useCoachInput();
  const { view, failed } = useCoachReview(input, revisions);
  const CoachReviewPanel = useLoadedAfterShown(loadReviewPanel);
  // Asked again once the browser has its session (a first visit may open /coach before it does).
  const uid = useAppSelector((state) => state.session.uid);
  useEffect(() => {
    if (uid !== null) void dispatch(fetchCoachStatus());
  }, [dispatch, uid]);
  useEffect(() => () => {
    dispatch(coachPageLeft());
  }, [dispatch]);

  return (
    <section className="page coach-page" aria-labelledby="coach-title">
      <h1 id="coach-title">Write your own with the coach</h1>
      <p>Write or paste your own draft. The coach asks the questions a good counsellor would, about your exact words.</p>
      <CoachAbout model={model} />
      <CoachEssayChoice />
      <TextAreaField
        label="Your draft"
        hint="Leave a blank line between paragraphs. The coach reads the draft again whenever you pause typing."
        rows={12}
        maxLength={COACH_MAX_CHARS}
        value={draft}
        onChange={(event) => dispatch(coachDraftChanged(event.target.value))}
      />
      <p className="essay__count">
        <span className="visually-hidden">Word count: </span>
        {countWords(draft)}/{wordLimit}
      </p>
      <CoachActions />
      <CoachRevisionList revisions={revisions} />
      {failed && <Alert tone="warning">The coach could not be loaded. Check your connection, then reload the page.</Alert>}
      {essayKey !== null && <CommentsPanelLater essayKey={essayKey} text={draft} />}
      {view && CoachReviewPanel && <CoachReviewPanel view={view} />}
      {essayKey !== null && draft.trim() !== '' && (
        <SharePanelLater
          essayKey={essayKey} versionId={shownRevision?.id ?? null} text={draft}
          {...(coach.kind === 'supplemental' && coach.prompt.trim() !== '' ? { title: coach.prompt } : {})}
        />
      )}
    </section>
  );
}
