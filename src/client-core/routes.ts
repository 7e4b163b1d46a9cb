// Every route path of the app in one place, so links, redirects and guards never spell a path.
export const paths = {
  home: '/',
  form: '/form',
  essayType: '/essay-type',
  topics: '/topics',
  followup: '/followup',
  result: '/result',
  supplemental: '/supplemental',
  referrals: '/referrals',
  /** The coach: the student's own draft, reviewed (always open). */
  coach: '/coach',
  /** The college planner: every college, every prompt, one core story (always open). */
  colleges: '/colleges',
  thankYou: '/thank-you',
  /** "Continue from another device": the new device shows its pairing code and waits. */
  continue: '/continue',
  /** "Add a device", as the new device's QR code opens it (the code in the fragment). */
  addDevice: '/add-device',
  /** The operator's dashboard (lazy, outside the student layout). */
  admin: '/admin',
} as const;

/** "/Topics/" and "/topics" are the same route to the router, so they are to the guards and the header too. */
export const routePath = (pathname: string): string => pathname.replace(/(?<!\/)\/+$/, '').toLowerCase() || '/';

/** The five progress steps of the header, in flow order. */
export const progressSteps = [
  { path: paths.form, label: 'Information' },
  { path: paths.essayType, label: 'Essay Type' },
  { path: paths.topics, label: 'Topics' },
  { path: paths.followup, label: 'Follow-up' },
  { path: paths.result, label: 'Result' },
] as const;

export type StepPath = (typeof progressSteps)[number]['path'];
