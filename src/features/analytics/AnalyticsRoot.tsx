// Mounted once in the shared layout: records each page view and, only when Google Tag Manager is configured
// and the visitor has not answered yet, asks for consent to analytics cookies.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { Button } from '../../ui/index.ts';
import { consentChanged, pageViewed, selectConsent } from './analyticsSlice.ts';
import { GTM_ID } from './browserConsent.ts';
import './analytics.css';

function ConsentBanner() {
  const dispatch = useAppDispatch();
  if (useAppSelector(selectConsent) !== 'unknown') return null;
  return (
    <section className="consent-banner" aria-label="Analytics cookies">
      <p>May we use analytics cookies (Google Analytics) to learn how Essay Studio is used? Nothing you write is shared.</p>
      <Button variant="secondary" onClick={() => dispatch(consentChanged('denied'))}>Decline</Button>
      <Button onClick={() => dispatch(consentChanged('granted'))}>Accept</Button>
    </section>
  );
}

export function AnalyticsRoot({ askConsent = GTM_ID !== undefined }: { askConsent?: boolean }) {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  useEffect(() => {
    dispatch(pageViewed({ path: pathname }));
  }, [dispatch, pathname]);
  return askConsent ? <ConsentBanner /> : null;
}
