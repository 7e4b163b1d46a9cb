// The header's link to the coach (always open).
import { Link } from 'react-router-dom';
import { paths } from '../../client-core/routes.ts';
import { buttonClassName } from '../../ui/index.ts';

export function CoachLink() {
  return <Link to={paths.coach} className={buttonClassName('ghost')}>Coach</Link>;
}
