// The coach's review of the draft: the five bands with their reasons, then each paragraph with its role, its
// words against the target for that role, and at most three questions, each quoting the student's own words;
// then what became of the comments on the last saved revision.
import { readableTime } from '../../common/time/readableTime.ts';
import type { CommentStatus } from '../../common/coach/status.ts';
import type { CoachComment, OverallFinding, ParagraphReview } from '../../common/coach/types.ts';
import { Badge } from '../../ui/index.ts';
import { BAND_LABELS, DIMENSION_LABELS, KIND_LABELS, NO_LENGTH_CHECK, ROLE_LABELS } from './coachLabels.ts';
import type { CoachView } from './useCoachReview.ts';

function Comment({ comment }: { comment: CoachComment | CommentStatus }) {
  return (
    <>
      <p className="coach-comment__kind">
        {KIND_LABELS[comment.kind]}
        {comment.source === 'model' && <span className="coach-comment__source"> · asked by the model</span>}
        {'status' in comment && (
          <> <Badge tone={comment.status === 'addressed' ? 'success' : 'neutral'}>{comment.status === 'addressed' ? 'Addressed' : 'Remaining'}</Badge></>
        )}
      </p>
      <blockquote className="coach-comment__quote">{comment.quote}</blockquote>
      <p className="coach-comment__question">{comment.question}</p>
    </>
  );
}

function Overall({ overall }: { overall: readonly OverallFinding[] }) {
  return (
    <section aria-labelledby="coach-overall-title">
      <h3 id="coach-overall-title">Overall</h3>
      <dl className="coach-overall">
        {overall.map((finding) => (
          <div key={finding.dimension} className="coach-overall__row">
            <dt>{DIMENSION_LABELS[finding.dimension]}: <span className={`coach-band coach-band--${finding.band}`}>{BAND_LABELS[finding.band]}</span></dt>
            <dd>{finding.reason}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Paragraph({ paragraph }: { paragraph: ParagraphReview }) {
  const titleId = `coach-paragraph-${paragraph.index}`;
  return (
    <li className="coach-paragraph" aria-labelledby={titleId}>
      <h4 id={titleId}>Paragraph {paragraph.index + 1}</h4>
      <p className="coach-paragraph__facts">
        Reads as {ROLE_LABELS[paragraph.role]}: {paragraph.words} words
        {paragraph.targetWords === null ? '.' : `, against about ${paragraph.targetWords} for that part.`}
      </p>
      {paragraph.comments.length === 0
        ? <p className="coach-paragraph__none">No questions about this paragraph.</p>
        : (
          <ol className="coach-comments" aria-label={`Questions about paragraph ${paragraph.index + 1}`}>
            {paragraph.comments.map((comment) => <li key={`${comment.kind}-${comment.quote}`} className="coach-comment"><Comment comment={comment} /></li>)}
          </ol>
        )}
    </li>
  );
}

function Earlier({ earlier }: { earlier: NonNullable<CoachView['earlier']> }) {
  const addressed = earlier.comments.filter((comment) => comment.status === 'addressed').length;
  return (
    <section aria-labelledby="coach-earlier-title">
      <h3 id="coach-earlier-title">Since your revision of {readableTime(earlier.at, 'short')}</h3>
      {earlier.comments.length === 0
        ? <p>That revision had no questions.</p>
        : (
          <>
            <p>{addressed} of {earlier.comments.length} earlier {earlier.comments.length === 1 ? 'question' : 'questions'} addressed.</p>
            <ol className="coach-comments" aria-label="Earlier questions">
              {earlier.comments.map((comment, index) => <li key={index} className="coach-comment"><Comment comment={comment} /></li>)}
            </ol>
          </>
        )}
    </section>
  );
}

export function CoachReviewPanel({ view }: { view: CoachView }) {
  return (
    <section className="coach-review" aria-labelledby="coach-review-title">
      <h2 id="coach-review-title">What the coach asks</h2>
      <p className="page-hint">
        {view.review.wordLimit === null ? `${view.review.words} words, ${NO_LENGTH_CHECK}.` : `${view.review.words} of ${view.review.wordLimit} words.`}
        {view.review.engine === 'model' ? ' Questions from the rules and from the model.' : ' Questions from the coach\'s rules.'}
      </p>
      <Overall overall={view.review.overall} />
      <section aria-labelledby="coach-paragraphs-title">
        <h3 id="coach-paragraphs-title">Paragraph by paragraph</h3>
        <ol className="coach-paragraphs">
          {view.review.paragraphs.map((paragraph) => <Paragraph key={paragraph.index} paragraph={paragraph} />)}
        </ol>
      </section>
      {view.earlier && <Earlier earlier={view.earlier} />}
    </section>
  );
}
