// Where the floating feedback button mounts on every layout page (SPEC §2).
import { FeedbackButton } from '../../features/feedback/index.ts';

export function FeedbackSlot() {
  return <FeedbackButton />;
}
