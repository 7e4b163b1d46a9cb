// The Paid/Free badge of the header, from whoami. Hidden until the plan is known, so a paid student
// never sees "Free" flash first; an empty box of the badge's width holds its place meanwhile, so the save
// state beside it does not jump when the badge appears.
import { Badge } from '../../ui/index.ts';
import { useAppSelector } from '../hooks.ts';
import { selectIsPaid, selectPlanKnown } from '../session/index.ts';
import { useSessionRefresh } from './useSessionRefresh.ts';

export function PlanBadge() {
  useSessionRefresh();
  const known = useAppSelector(selectPlanKnown);
  const paid = useAppSelector(selectIsPaid);
  if (!known) return <p className="plan-badge plan-badge--pending" aria-hidden="true" />;
  return (
    <p className="plan-badge">
      <span className="visually-hidden">Your plan: </span>
      <Badge tone={paid ? 'success' : 'neutral'}>{paid ? 'Paid' : 'Free'}</Badge>
    </p>
  );
}
