// /supplemental (SPEC §2): the supplemental essays the student already has. The generation form
// (prompt and word count) comes with the essay-flow issue.
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/routes.ts';
import { countWords } from '../../shared/wordCount.ts';
import { buttonClassName } from '../../ui/index.ts';
import { selectSupplementalEssays } from './supplementalSlice.ts';

export default function SupplementalPage() {
  const essays = useAppSelector(selectSupplementalEssays);

  return (
    <section className="page" aria-labelledby="supplemental-title">
      <h1 id="supplemental-title">Generate Supplemental Essay</h1>
      <p>Supplemental essays answer a college&apos;s own prompt, at the length the college asks for.</p>
      {essays.length > 0 && (
        <section aria-labelledby="supplemental-list-title">
          <h2 id="supplemental-list-title">Your supplemental essays</h2>
          <ol className="essay-list">
            {essays.map((essay, index) => (
              // Essays are only ever appended, so a position is a stable key.
              <li key={index} className="essay-list__item">
                <h3 className="essay-list__prompt">{essay.prompt}</h3>
                <p className="essay__count">
                  <span className="visually-hidden">Word count: </span>
                  {countWords(essay.generatedEssay)}/{essay.wordCount}
                </p>
                <p className="essay__paragraph">{essay.generatedEssay}</p>
              </li>
            ))}
          </ol>
        </section>
      )}
      <div className="page-actions">
        <Link to={paths.essayType} className={buttonClassName('secondary')}>Back to Common App Essay</Link>
      </div>
    </section>
  );
}
