// The floating feedback button of the shared layout and its modal: the thank-you closes itself
// after 3 s, and the form resets 0.5 s after any close. The Modal traps focus, closes on Escape, and
// gives focus back to this button.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { Modal } from '../../ui/index.ts';
import { FeedbackForm } from './FeedbackForm.tsx';
import { feedbackClosed, feedbackFormReset, feedbackOpened, selectFeedbackStatus } from './feedbackSlice.ts';
import './feedback.css';

const FEEDBACK_THANKS_CLOSE_MS = 3000;
const FEEDBACK_RESET_DELAY_MS = 500;

/** The page name sent with a submission: the route's first segment, 'unknown' when there is none. */
export const pageName = (pathname: string): string => pathname.split('/').filter(Boolean)[0] ?? 'unknown';

function useFeedbackTimers() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectFeedbackStatus);
  useEffect(() => {
    if (status === 'thanks') {
      const timer = setTimeout(() => dispatch(feedbackClosed()), FEEDBACK_THANKS_CLOSE_MS);
      return () => clearTimeout(timer);
    }
    if (status === 'closed') {
      const timer = setTimeout(() => dispatch(feedbackFormReset()), FEEDBACK_RESET_DELAY_MS);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [dispatch, status]);
  return status;
}

export function FeedbackButton() {
  const dispatch = useAppDispatch();
  const status = useFeedbackTimers();
  const { pathname } = useLocation();
  const close = () => dispatch(feedbackClosed());

  return (
    <>
      <button
        type="button"
        className="feedback-fab"
        aria-haspopup="dialog"
        onClick={() => dispatch(feedbackOpened())}
      >
        Feedback
      </button>
      <Modal open={status !== 'closed'} onClose={close} title={status === 'thanks' ? 'Thank you!' : 'Send us feedback'}>
        {status === 'thanks'
          ? <p role="status">Thank you for your feedback! We read every message.</p>
          : <FeedbackForm page={pageName(pathname)} onCancel={close} />}
      </Modal>
    </>
  );
}
