// The header's link to the college planner (always open).
import { Link } from 'react-router-dom';
import { paths } from '../../client-core/routes.ts';
import { buttonClassName } from '../../ui/index.ts';

export function CollegesLink() {
  return <Link to={paths.colleges} className={buttonClassName('ghost')}>Colleges</Link>;
}
