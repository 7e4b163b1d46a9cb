// The five progress steps of the header. The current step carries aria-current="step"; a step
// is a link only when its guard lets the student in, so the header never offers a dead end.
import { Link, useLocation } from 'react-router-dom';
import { selectCanEnter } from '../guards.ts';
import { useAppSelector } from '../hooks.ts';
import { progressSteps, routePath } from '../../client-core/routes.ts';
import type { StepPath } from '../../client-core/routes.ts';

function ProgressStep({ path, label, number, current }: {
  path: StepPath; label: string; number: number; current: boolean;
}) {
  const enterable = useAppSelector(selectCanEnter(path));
  const content = (
    <>
      <span className="progress-steps__number" aria-hidden="true">{number}</span>
      <span className="progress-steps__label">{label}</span>
    </>
  );
  return (
    <li className={current ? 'progress-steps__step is-current' : 'progress-steps__step'}>
      {enterable ? (
        <Link to={path} className="progress-steps__link" aria-current={current ? 'step' : undefined}>{content}</Link>
      ) : (
        <span className="progress-steps__locked" aria-current={current ? 'step' : undefined}>{content}</span>
      )}
    </li>
  );
}

export function ProgressSteps() {
  const path = routePath(useLocation().pathname);
  return (
    <nav aria-label="Progress" className="progress-steps">
      <ol className="progress-steps__list">
        {progressSteps.map((step, index) => (
          <ProgressStep
            key={step.path}
            path={step.path}
            label={step.label}
            number={index + 1}
            current={path === step.path}
          />
        ))}
      </ol>
    </nav>
  );
}
