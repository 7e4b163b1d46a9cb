// "Share for comments" on the version shown: the reader's name as the student wants to see it and the link's
// lifetime, then the link to send (shown once: the server keeps only its hash) with a copy button; below, the
// student's links with their comments and "Stop sharing" on each live one. Sharing needs a connection.
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { READER_NAME_MAX_CHARS, SHARE_DEFAULT_DAYS, SHARE_MAX_DAYS, SHARE_MIN_DAYS } from '../../common/comments/bounds.ts';
import { readableTime } from '../../common/time/readableTime.ts';
import { Alert, Button, CopyButton, Field, usePageLive } from '../../ui/index.ts';
import { selectShares, selectSharesRequests, type ShareSummary } from './sharesSlice.ts';
import { createShare, loadShares, stopShare } from './sharesThunks.ts';
import { useOnline } from './useOnline.ts';
import './shares.css';

export type SharePanelProps = {
  essayKey: string;
  /** The version shown, or null when the text on screen is not a kept version yet. */
  versionId: string | null;
  text: string;
  /** The essay's title or prompt, shown to the reader above the text. */
  title?: string;
  /** Which essay, in the panel's name, where a page shows several (the supplemental page: "essay 2"). */
  essayName?: string;
};

const STATE_WORDS: Record<ShareSummary['state'], string> = { live: 'Live', expired: 'Expired', stopped: 'Stopped' };

const validDays = (days: string): boolean => {
  const value = Number(days);
  return Number.isInteger(value) && value >= SHARE_MIN_DAYS && value <= SHARE_MAX_DAYS;
};

export function SharePanel({ essayKey, versionId, text, title, essayName }: SharePanelProps) {
  const dispatch = useAppDispatch();
  const online = useOnline();
  const live = usePageLive();
  const { list, created: createdAny } = useAppSelector(selectShares);
  const created = createdAny?.essayKey === essayKey ? createdAny : null;
  const requests = useAppSelector(selectSharesRequests);
  const [open, setOpen] = useState(false);
  const [readerName, setReaderName] = useState('');
  const [days, setDays] = useState(String(SHARE_DEFAULT_DAYS));
  const formId = useId();
  // Ids of its own: the supplemental page shows one panel under each essay.
  const titleId = useId();
  const linkField = useRef<HTMLInputElement>(null);
  // The new link takes the focus, selected: the keyboard's next step is to copy it.
  useEffect(() => {
    if (created) linkField.current?.focus();
  }, [created]);
  useEffect(() => {
    if (live && online) void dispatch(loadShares());
  }, [dispatch, live, online]);

  const daysError = validDays(days) ? null : `Choose from ${SHARE_MIN_DAYS} to ${SHARE_MAX_DAYS} days.`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (versionId === null || daysError !== null) return;
    const name = readerName.trim();
    void dispatch(createShare({
      essayKey, versionId, text, expiresInDays: Number(days),
      ...(title?.trim() ? { title } : {}), ...(name === '' ? {} : { readerName: name }),
    }));
  };
  const mine = list?.filter((share) => share.essayKey === essayKey) ?? [];

  return (
    <section className="share-panel" aria-labelledby={`${titleId}-title${essayName ? ` ${titleId}-essay` : ''}`}>
      <h2 id={`${titleId}-title`}>Share for comments</h2>
      {essayName && <span id={`${titleId}-essay`} className="visually-hidden">{essayName}</span>}
      <p className="page-hint">A counsellor, teacher or parent reads this version and comments on its words, without editing it.</p>
      {!online ? (
        <Button variant="secondary" disabled>Connect to share</Button>
      ) : (
        <Button variant="secondary" disabled={versionId === null} aria-expanded={open} aria-controls={formId} onClick={() => setOpen((now) => !now)}>
          Share for comments
        </Button>
      )}
      {versionId === null && <p className="page-hint">Save your edit first: a link shares a kept version.</p>}
      {open && online && versionId !== null && (
        <form id={formId} className="share-panel__form" aria-label="Share this version" onSubmit={submit} noValidate>
          <Field
            label="Reader's name (optional)"
            hint={`As you want to see it beside their comments, up to ${READER_NAME_MAX_CHARS} characters.`}
            value={readerName}
            maxLength={READER_NAME_MAX_CHARS}
            autoComplete="off"
            onChange={(event) => setReaderName(event.target.value)}
          />
          <Field
            label="Link expires after (days)"
            type="number"
            inputMode="numeric"
            min={SHARE_MIN_DAYS}
            max={SHARE_MAX_DAYS}
            value={days}
            error={daysError}
            onChange={(event) => setDays(event.target.value)}
          />
          <Button type="submit" disabled={requests.create.status === 'pending' || daysError !== null} aria-busy={requests.create.status === 'pending'}>
            Create link
          </Button>
        </form>
      )}
      {requests.create.error && <Alert tone="error">{requests.create.error}</Alert>}
      {created && (
        <div className="share-panel__link" role="region" aria-label={essayName ? `Your new link for ${essayName}` : 'Your new link'}>
          <Field ref={linkField} label="Link for your reader" value={created.url} readOnly onFocus={(event) => event.currentTarget.select()} />
          <CopyButton text={created.url} label="Copy link" />
          <p className="page-hint">Send it yourself: anyone with the link can read this version until it expires or you stop sharing it.</p>
        </div>
      )}
      {mine.length > 0 && (
        <section aria-labelledby={`${titleId}-links${essayName ? ` ${titleId}-essay` : ''}`}>
          <h3 id={`${titleId}-links`}>Your links</h3>
          <ul className="share-panel__list">
            {mine.map((share) => (
              <li key={share.id}>
                <span id={`${titleId}-${share.id}`}><strong>{share.readerName ?? 'No name given'}</strong></span>
                <span className="share-panel__meta">
                  {`${STATE_WORDS[share.state]} · created ${readableTime(share.createdAt, 'short')} · expires ${readableTime(share.expiresAt, 'short')} · ${share.comments} ${share.comments === 1 ? 'comment' : 'comments'}`}
                </span>
                {share.state === 'live' && (
                  <Button
                    variant="ghost"
                    disabled={!online || requests.stop.status === 'pending'}
                    aria-describedby={`${titleId}-${share.id}`}
                    onClick={() => void dispatch(stopShare(share.id))}
                  >
                    Stop sharing
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {requests.load.error && <Alert tone="error">{requests.load.error}</Alert>}
      {requests.stop.error && <Alert tone="error">{requests.stop.error}</Alert>}
    </section>
  );
}
