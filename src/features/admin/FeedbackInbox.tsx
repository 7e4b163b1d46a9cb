// The feedback inbox: newest first, filtered by type and rating (the filters are the form's own; the
// request is the API slice's, one cached answer per filter).
import { useState } from 'react';
import { FEEDBACK_RATING_LABELS, FEEDBACK_TYPES } from '../../common/analytics/feedback.ts';
import { Alert } from '../../ui/index.ts';
import { useFeedbackQuery } from './adminApi.ts';
import { errorText } from './adminErrors.ts';

export function FeedbackInbox() {
  const [type, setType] = useState('');
  const [rating, setRating] = useState('');
  // The last answer stays on screen while a new filter's loads, as it did.
  const { currentData, data, error } = useFeedbackQuery({ type, rating });
  const items = (currentData ?? data)?.items ?? null;

  return (
    <section aria-labelledby="inbox-title" className="admin-card admin-card--wide">
      <h2 id="inbox-title">Feedback inbox</h2>
      <div className="admin-filters">
        <label>Type{' '}
          <select value={type} onChange={(event) => setType(event.target.value)}>
            <option value="">All types</option>
            {FEEDBACK_TYPES.map((value) => <option key={value} value={value}>{value}</option>)}
          </select>
        </label>
        <label>Rating{' '}
          <select value={rating} onChange={(event) => setRating(event.target.value)}>
            <option value="">All ratings</option>
            <option value="0">No rating</option>
            {FEEDBACK_RATING_LABELS.map((label, index) => <option key={label} value={index + 1}>{index + 1} {label}</option>)}
          </select>
        </label>
      </div>
      {error && <Alert tone="error">{errorText(error)}</Alert>}
      {items?.length === 0 && <p>No feedback matches.</p>}
      <ul className="admin-inbox">
        {items?.map((item) => (
          <li key={item.id}>
            <p className="admin-inbox__meta">
              <strong>{item.type}</strong> · {item.rating === 0 ? 'no rating' : `${item.rating}/5`} · {item.page} ·{' '}
              <time dateTime={item.createdAt}>{new Date(item.createdAt).toLocaleString()}</time>
              {item.email && <> · {item.email}</>}
            </p>
            <p className="admin-inbox__message">{item.message}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
