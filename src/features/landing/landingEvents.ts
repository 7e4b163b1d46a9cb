// The landing page has no store and no analytics feature (its JavaScript budget), so the two events it can
// cause, the promo popup shown and a launch code requested, go to the first-party event store straight
// through the typed API client, one small request each, kept alive so it still leaves when the student goes
// on to another page. The client comes with the first event, from the chunk the popup it reports loads anyway
// (discount/landing.ts), so '/' loads none of it before the student does something; the contract it checks
// answers against comes later still, with the first answer. The server takes the browser from the session
// cookie (giving it one if needed).
type LandingEvent =
  | { name: 'discount_popup_shown'; params: { trigger_type: 'timer' | 'exit_intent' | 'button'; page_path: string } }
  | { name: 'discount_code_requested'; params: { contact_method: 'email'; has_email: boolean } };

export function sendLandingEvent(event: LandingEvent, now: Date = new Date()): void {
  const events = [{ ...event, timestamp: now.toISOString() }];
  void import('../discount/landing.ts')
    .then(({ apiRequest, endpoints }) => apiRequest(endpoints.sendEvents, { body: { events }, keepalive: true }))
    // Analytics never gets in the student's way.
    .catch(() => undefined);
}
