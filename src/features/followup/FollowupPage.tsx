// /followup (SPEC §2): the selected prompt and topic, and the follow-up questions the student already has
// with their answers. Generating questions and the essay comes with the essay-flow issue.
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/routes.ts';
import { selectSelectedTopic } from '../topics/index.ts';
import { TextAreaField, buttonClassName } from '../../ui/index.ts';
import { answerChanged, selectFollowUpAnswer, selectFollowUpQuestions } from './followupSlice.ts';

function FollowupQuestion({ question }: { question: string }) {
  const dispatch = useAppDispatch();
  const answer = useAppSelector((state) => selectFollowUpAnswer(state, question));
  return (
    <TextAreaField
      label={question}
      value={answer}
      onChange={(event) => dispatch(answerChanged({ question, answer: event.target.value }))}
    />
  );
}

export default function FollowupPage() {
  const topic = useAppSelector(selectSelectedTopic);
  const questions = useAppSelector(selectFollowUpQuestions);

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
      {questions.length > 0 && (
        <ol className="question-list">
          {questions.map((question) => <li key={question}><FollowupQuestion question={question} /></li>)}
        </ol>
      )}
      <div className="page-actions">
        <Link to={paths.topics} className={buttonClassName('secondary')}>Back to Topics</Link>
      </div>
    </section>
  );
}
