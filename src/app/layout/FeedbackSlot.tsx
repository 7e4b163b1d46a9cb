// Where the floating feedback button mounts on every layout page.
import { FeedbackButton } from '../../features/feedback/index.ts';

export function FeedbackSlot() {
  return <FeedbackButton />;
}
