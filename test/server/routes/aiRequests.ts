// Request bodies and helpers for the AI route suites: real profiles from the fixtures, sent as the pages send them.
import type { App } from '../../../src/server/app.ts';
import { RICH_PROFILES, type ProfileFixture } from '../../fixtures/profiles.ts';
import { setPlan, startSession } from '../helper.ts';

export const student: ProfileFixture = RICH_PROFILES[0]!;

export const bodies = {
  topics: () => ({ formData: student.form }),
  followup: () => ({ formData: student.form, selectedPrompt: student.prompt, selectedIdea: student.idea }),
  essay: (variant?: number) => ({
    formData: student.form, selectedPrompt: student.prompt, selectedIdea: student.idea,
    followUpResponses: student.followUpResponses, ...(variant === undefined ? {} : { variant }),
  }),
  supplemental: (wordCount: unknown = 250) => ({
    formData: student.form, essayPrompt: 'Why do you want to study engineering at our university?', wordCount,
  }),
};

export const post = (app: App, url: string, cookie: string | undefined, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, headers: { ...(cookie ? { cookie } : {}), ...headers }, payload: payload as object });

export async function paidSession(app: App): Promise<string> {
  const { uid, cookie } = await startSession(app);
  const granted = await setPlan(app, uid, 'paid');
  if (granted.statusCode !== 200) throw new Error(`granting the plan answered ${granted.statusCode}`);
  return cookie;
}

/** The `data` of each Server-Sent Event in a body, with its event name. */
export function parseEvents(body: string): Array<{ event: string; data: unknown }> {
  return body.split('\n\n').filter((block) => block.trim() !== '').map((block) => {
    const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
    const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
    return { event, data: JSON.parse(data) as unknown };
  });
}
