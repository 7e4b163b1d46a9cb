// The feedback form: type, optional 1–5 rating, the required message,
// an optional e-mail. A blank message shows 'Please enter your feedback' and sends nothing.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { FEEDBACK_MESSAGE_MAX_CHARS } from '../../common/limits/limits.ts';
import { FEEDBACK_RATING_LABELS, FEEDBACK_TYPES } from '../../common/analytics/feedback.ts';
import { MESSAGES } from '../../common/contract/messages.ts';
import { cutToCodePoints } from '../../common/text/codePoints.ts';
import { Alert, Button, Field, TextAreaField } from '../../ui/index.ts';
import { feedbackDraftChanged, selectFeedbackDraft, selectFeedbackStatus, submitFeedback } from './feedbackSlice.ts';
import type { FeedbackType } from './feedbackSlice.ts';

const TYPE_LABELS: Record<FeedbackType, string> = {
  bug: 'Bug report', feature: 'Feature request', praise: 'Praise', general: 'General',
};

export function FeedbackForm({ page, onCancel }: { page: string; onCancel: () => void }) {
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectFeedbackDraft);
  const status = useAppSelector(selectFeedbackStatus);
  const [emptyTried, setEmptyTried] = useState(false);
  const change = (patch: Parameters<typeof feedbackDraftChanged>[0]) => dispatch(feedbackDraftChanged(patch));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.message.trim() === '') {
      setEmptyTried(true);
      return;
    }
    setEmptyTried(false);
    void dispatch(submitFeedback({ page, url: window.location.href, userAgent: navigator.userAgent }));
  };

  const submitting = status === 'submitting';
  return (
    <form className="feedback-form" onSubmit={onSubmit} noValidate>
      {emptyTried && <Alert tone="error">{MESSAGES.feedbackEmpty}</Alert>}
      {status === 'failed' && <Alert tone="error">{MESSAGES.feedbackFailed}</Alert>}
      <div className="ui-field">
        <label className="ui-field__label" htmlFor="feedback-type">Type</label>
        <select
          id="feedback-type"
          className="ui-field__control"
          value={draft.type}
          onChange={(event) => change({ type: event.target.value as FeedbackType })}
        >
          {FEEDBACK_TYPES.map((type) => <option key={type} value={type}>{TYPE_LABELS[type]}</option>)}
        </select>
      </div>
      <fieldset className="feedback-rating">
        <legend className="ui-field__label">Rating (optional)</legend>
        {FEEDBACK_RATING_LABELS.map((label, index) => (
          <label key={label} className="feedback-rating__option">
            <input
              type="radio"
              name="feedback-rating"
              value={index + 1}
              checked={draft.rating === index + 1}
              onChange={() => change({ rating: index + 1 })}
            />
            {' '}{index + 1} {label}
          </label>
        ))}
      </fieldset>
      <TextAreaField
        label="Your feedback"
        required
        rows={5}
        value={draft.message}
        // Cut by code points, as the server counts: a native maxlength would count an emoji twice.
        onChange={(event) => change({ message: cutToCodePoints(event.target.value, FEEDBACK_MESSAGE_MAX_CHARS) })}
      />
      <Field
        label="Email (optional)"
        type="email"
        autoComplete="email"
        value={draft.email}
        onChange={(event) => change({ email: event.target.value })}
      />
      <div className="ui-modal__actions">
        <Button variant="secondary" onClick={onCancel}>Cancel</Button>
        <Button type="submit" disabled={submitting}>{submitting ? 'Sending…' : 'Send feedback'}</Button>
      </div>
    </form>
  );
}
