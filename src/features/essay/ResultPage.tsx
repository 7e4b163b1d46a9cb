// /result (SPEC §2): the saved essay with its word count as N/650, and for a free plan the notice that
// generating the essay needs the paid plan. Generate, Regenerate, Copy, Download and the purchase panel
// come with the essay-flow and payments issues.
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/routes.ts';
import { selectIsPaid, selectPlanKnown } from '../../app/session/index.ts';
import { ESSAY_WORD_LIMIT } from '../../shared/constants.ts';
import { Alert, buttonClassName } from '../../ui/index.ts';
import { CheckoutPanel } from '../checkout/index.ts';
import { selectEssayWordCount, selectGeneratedEssay } from './essaySlice.ts';

export default function ResultPage() {
  const essay = useAppSelector(selectGeneratedEssay);
  const words = useAppSelector(selectEssayWordCount);
  // Wait for whoami before telling a student they are on the free plan: a paid one must never see it.
  const showsFreeNotice = useAppSelector((state) => selectPlanKnown(state) && !selectIsPaid(state));

  return (
    <section className="page" aria-labelledby="result-title">
      <h1 id="result-title">Your College Essay</h1>
      {showsFreeNotice && (
        <Alert tone="info" title="Generating your essay needs the paid plan">
          <p>Topic suggestions and follow-up questions are free. Upgrade to generate and regenerate your essay.</p>
        </Alert>
      )}
      <CheckoutPanel />
      {essay.trim() !== '' ? (
        <article className="essay" aria-labelledby="result-title">
          <p className="essay__count">
            <span className="visually-hidden">Word count: </span>
            {words}/{ESSAY_WORD_LIMIT}
          </p>
          {essay.split(/\n\s*\n/).map((paragraph, index) => (
            // Paragraphs have no identity of their own; their order never changes while shown.
            <p key={index} className="essay__paragraph">{paragraph}</p>
          ))}
        </article>
      ) : (
        <p>Your essay will appear here once it has been generated.</p>
      )}
      <div className="page-actions">
        <Link to={paths.followup} className={buttonClassName('secondary')}>Back to Follow-up</Link>
        <Link to={paths.supplemental} className={buttonClassName('secondary')}>Write Supplemental Essays</Link>
      </div>
    </section>
  );
}
