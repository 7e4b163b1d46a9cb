/** Limits a visitor would meet well before a suite had run (they answer 429, which proves nothing there). */
export const ROOMY_LIMITS = {
  RATE_LIMIT_MAX: '100000', AI_RATE_LIMIT_PER_BROWSER: '100000', AI_RATE_LIMIT_PER_IP: '100000',
  AI_DAILY_CAP: '1000000', SUPPLEMENTAL_DAILY_QUOTA: '100000', STUDENTS_PER_NETWORK: '100000',
};
