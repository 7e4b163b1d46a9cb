// The landing page has no store and no analytics feature (its JavaScript budget), so the two events it can
// cause, the promo popup shown and a launch code requested, go straight to the first-party event store in
// one small beacon each. The server takes the browser from the session cookie (giving it one if needed).
type LandingEvent =
  | { name: 'discount_popup_shown'; params: { trigger_type: 'timer' | 'exit_intent' | 'button'; page_path: string } }
  | { name: 'discount_code_requested'; params: { contact_method: 'email'; has_email: boolean } };

export const EVENTS_URL = '/api/events';

export function sendLandingEvent(event: LandingEvent, now: Date = new Date()): void {
  const body = JSON.stringify({ events: [{ ...event, timestamp: now.toISOString() }] });
  try {
    // sendBeacon survives the student leaving the page; it sends text/plain, which /api/events reads as JSON.
    if (navigator.sendBeacon?.(EVENTS_URL, body)) return;
    void fetch(EVENTS_URL, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } })
      .catch(() => undefined);
  } catch {
    // Analytics never gets in the student's way.
  }
}
