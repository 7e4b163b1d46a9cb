// /followup: the selected prompt and topic, the follow-up questions (generated on entry when there
// are none; Regenerate Questions) each with a text area, and Generate Essay once 3 questions are answered.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../client-core/routes.ts';
import { MIN_FOLLOWUP_ANSWERS } from '../../common/limits/limits.ts';
import { MESSAGES } from '../../common/contract/messages.ts';
import { selectSelectedTopic } from '../topics/index.ts';
import { Alert, Button, TextAreaField, buttonClassName, usePageLive } from '../../ui/index.ts';
import {
  answerChanged, followupPageLeft, selectAnsweredShownCount, selectFollowUpAnswer, selectFollowUpQuestions,
  selectQuestionsVariant,
} from './followupSlice.ts';
import { selectQuestionsRequest } from './followupRequests.ts';
import { generateQuestions } from './followupThunks.ts';

function FollowupQuestion({ question }: { question: string }) {
  const dispatch = useAppDispatch();
  const answer = useAppSelector((state) => selectFollowUpAnswer(state, question));
  return (
    <TextAreaField
      label={question}
      value={answer}
      rows={4}
      onChange={(event) => dispatch(answerChanged({ question, answer: event.target.value }))}
    />
  );
}

export default function FollowupPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const topic = useAppSelector(selectSelectedTopic);
  const questions = useAppSelector(selectFollowUpQuestions);
  const variant = useAppSelector(selectQuestionsVariant);
  const answered = useAppSelector(selectAnsweredShownCount);
  const { status, error } = useAppSelector(selectQuestionsRequest);
  const pending = status === 'pending';
  const [showRule, setShowRule] = useState(false);
  const askedOnEntry = useRef(false);
  const live = usePageLive();

  const generate = (next: number) => {
    void dispatch(generateQuestions({ variant: next }));
  };

  // Generated on entry when none exist (once per visit, even if that fails), once the student's data is known.
  useEffect(() => {
    if (!live || askedOnEntry.current || questions.length > 0 || !topic) return;
    askedOnEntry.current = true;
    generate(0);
  });
  useEffect(() => () => {
    dispatch(followupPageLeft());
  }, [dispatch]);

  const generateEssay = () => {
    if (answered < MIN_FOLLOWUP_ANSWERS) {
      setShowRule(true);
      return;
    }
    void navigate(paths.result);
  };

  return (
    <section className="page" aria-labelledby="followup-title">
      <h1 id="followup-title">Tell Us More About Your Topic</h1>
      {topic && (
        <dl className="topic-summary">
          <dt>Prompt</dt>
          <dd>{topic.prompt}</dd>
          <dt>Your topic</dt>
          <dd>
            <strong>{topic.idea}</strong>
            {topic.description && <> {topic.description}</>}
          </dd>
        </dl>
      )}
      {pending && <p role="status">Writing questions about your topic…</p>}
      {error && <Alert tone="error">{error}</Alert>}
      {questions.length > 0 && (
        <ol className="question-list" aria-busy={pending}>
          {questions.map((question) => <li key={question}><FollowupQuestion question={question} /></li>)}
        </ol>
      )}
      <p className="page-hint">Answer at least {MIN_FOLLOWUP_ANSWERS} questions in your own words: {answered} answered so far.</p>
      {showRule && answered < MIN_FOLLOWUP_ANSWERS && <Alert tone="error">{MESSAGES.minimumAnswers}</Alert>}
      <div className="page-actions">
        <Button variant="secondary" disabled={pending} onClick={() => generate(variant + 1)}>Regenerate Questions</Button>
        <Link to={paths.topics} className={buttonClassName('secondary')}>Back to Topics</Link>
        <Button onClick={generateEssay}>Generate Essay</Button>
      </div>
    </section>
  );
}
