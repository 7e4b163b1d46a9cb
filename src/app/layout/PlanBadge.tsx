// The Paid/Free badge of the header, from whoami. Hidden until the plan is known, so a paid student
// never sees "Free" flash first.
import { Badge } from '../../ui/index.ts';
import { useAppSelector } from '../hooks.ts';
import { selectIsPaid, selectPlanKnown } from '../session/index.ts';
import { useSessionRefresh } from './useSessionRefresh.ts';

export function PlanBadge() {
  useSessionRefresh();
  const known = useAppSelector(selectPlanKnown);
  const paid = useAppSelector(selectIsPaid);
  if (!known) return null;
  return (
    <p className="plan-badge">
      <span className="visually-hidden">Your plan: </span>
      <Badge tone={paid ? 'success' : 'neutral'}>{paid ? 'Paid' : 'Free'}</Badge>
    </p>
  );
}
