// The e-mails already tracked for a referral in this browser session (once per e-mail per session).
const TRACKED_EMAILS_KEY = 'referral_tracked_emails';

const normalise = (email: string): string => email.trim().toLowerCase();

function read(): string[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(TRACKED_EMAILS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function write(emails: string[]): void {
  try {
    sessionStorage.setItem(TRACKED_EMAILS_KEY, JSON.stringify(emails));
  } catch {
    // Storage refused: at worst the server sees the same referral again, and it de-duplicates.
  }
}

export const wasTracked = (email: string): boolean => read().includes(normalise(email));

export function markTracked(email: string): void {
  const key = normalise(email);
  const emails = read();
  if (!emails.includes(key)) write([...emails, key]);
}

export const unmarkTracked = (email: string): void => write(read().filter((item) => item !== normalise(email)));
