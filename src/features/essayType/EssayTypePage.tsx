// /essay-type: the student picks the Common App personal statement or supplemental essays.
// The choice is recorded (it is the one step the guards cannot derive from data) before moving on.
import { Link, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks.ts';
import { paths } from '../../client-core/routes.ts';
import { buttonClassName } from '../../ui/index.ts';
import { essayTypeChosen } from './essayTypeSlice.ts';
import type { EssayType } from './essayTypeSlice.ts';

const choices: Array<{ type: EssayType; title: string; description: string; next: string }> = [
  {
    type: 'personal',
    title: 'Common App Personal Statement',
    description: 'One essay of up to 650 words answering one of the seven Common App prompts, built from your answers.',
    next: paths.topics,
  },
  {
    type: 'supplemental',
    title: 'Supplemental Essays',
    description: "Shorter essays for a college's own prompts, at the word count the college asks for.",
    next: paths.supplemental,
  },
];

export default function EssayTypePage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const choose = (type: EssayType, next: string) => {
    dispatch(essayTypeChosen(type));
    void navigate(next);
  };

  return (
    <section className="page" aria-labelledby="essay-type-title">
      <h1 id="essay-type-title">Choose Your Essay Type</h1>
      <p>What would you like to write?</p>
      <ul className="choice-list">
        {choices.map(({ type, title, description, next }) => (
          <li key={type} className="choice-card">
            <button
              type="button"
              className="choice-card__button"
              aria-describedby={`essay-type-${type}`}
              onClick={() => choose(type, next)}
            >
              {title}
            </button>
            <p id={`essay-type-${type}`} className="choice-card__text">{description}</p>
          </li>
        ))}
      </ul>
      <p>
        Applying to several colleges? <Link to={paths.colleges}>Colleges</Link> lists every college’s prompts and
        deadlines, groups the prompts that can share one core draft and keeps each college’s stories apart.
      </p>
      <div className="page-actions">
        <Link to={paths.form} className={buttonClassName('secondary')}>Back to Questions</Link>
      </div>
    </section>
  );
}
