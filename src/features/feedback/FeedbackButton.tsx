// The floating feedback button of the shared layout and its modal: the thank-you closes itself
// after 3 s, and the form resets 0.5 s after any close. The Modal traps focus, closes on Escape, and
// gives focus back to this button. The form's code comes once the page is live, not in its first load; the
// dialog opens when it is there (a click in the moment before waits for it), so focus lands in the form.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { Modal, nextIdle, useLoadedAfterShown } from '../../ui/index.ts';
import { feedbackClosed, feedbackFormReset, feedbackOpened, selectFeedbackStatus } from './feedbackSlice.ts';
import './feedback.css';

/** The form's code, asked for at the first idle moment after the page went live (not in the commit that made it live). */
const loadForm = async () => {
  await nextIdle();
  return (await import('./FeedbackForm.tsx')).FeedbackForm;
};

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
  const FeedbackForm = useLoadedAfterShown(loadForm);
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
      <Modal open={status !== 'closed' && FeedbackForm !== null} onClose={close} title={status === 'thanks' ? 'Thank you!' : 'Send us feedback'}>
        {status === 'thanks'
          ? <p role="status">Thank you for your feedback! We read every message.</p>
          : FeedbackForm && <FeedbackForm page={pageName(pathname)} onCancel={close} />}
      </Modal>
    </>
  );
}
