// The deadlines' calendar file, read back by a real iCalendar parser (ical.js): one all-day event per college, on its
// deadline, named with the college and its round, the prompts still to do in its description.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { collegeCalendar } from '../../../src/common/collegePlan/calendar.ts';
import { collegePlanSchema, type CollegePlan } from '../../../src/common/collegePlan/schema.ts';

type Prompt = CollegePlan['colleges'][number]['prompts'][number];
const prompt = (id: string, text: string, over: Partial<Prompt> = {}): Prompt => ({
  id, text, wordLimit: 250, suggestedType: 'other', chosenType: null, storyId: null, status: 'notStarted', ...over,
});

const PLAN: CollegePlan = collegePlanSchema.parse({
  colleges: [
    {
      id: 'tufts', name: 'Tufts University, Medford; "Jumbos" \\ 🐘', round: 'earlyDecision2', deadline: '2027-01-04',
      prompts: [
        prompt('t1', 'Which parts of the Tufts curriculum prompt your application? Put simply: "Why Tufts?"', { wordLimit: 150, status: 'drafting' }),
        prompt('t2', 'Describe a community you belong to.\n\n- its people\n- your place in it', { wordLimit: null }),
        prompt('t3', 'What inspires you?', { wordLimit: 35, status: 'done' }),
      ],
    },
    { id: 'yale', name: 'Yale University', round: 'regularDecision', deadline: '2026-12-31', prompts: [] },
    {
      id: 'rice', name: 'Rice University', round: 'earlyDecision', deadline: '2028-02-29',
      prompts: [prompt('r1', 'Why Rice?', { status: 'done' })],
    },
    {
      id: 'long', name: 'Université de Montréal', round: 'rolling', deadline: '2027-03-01',
      prompts: [prompt('l1', `${'Tell us about a moment that changed how you see your neighbourhood and the people in it. '.repeat(3)}`)],
    },
  ],
  stories: [],
});
const NOW = new Date('2026-10-01T12:34:56Z');

function fileOf(plan: CollegePlan): string {
  const result = collegeCalendar(plan, NOW);
  if ('problem' in result) throw new Error(result.problem);
  return result.value;
}

function eventsOf(text: string): ICAL.Event[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  expect(calendar.getFirstPropertyValue('prodid')).toBe('essay-studio/college-plan');
  return calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
}

describe('collegeCalendar', () => {
  const file = fileOf(PLAN);
  const events = eventsOf(file);
  const byUid = new Map(events.map((event) => [event.uid, event]));

  it('writes one event per college, each with its own stable UID and the time the file was made', () => {
    expect(events.map((event) => event.uid)).toEqual([
      'college-tufts@essay-studio', 'college-yale@essay-studio', 'college-rice@essay-studio', 'college-long@essay-studio',
    ]);
    for (const event of events) {
      expect(event.component.getFirstPropertyValue('dtstamp')!.toString()).toBe('2026-10-01T12:34:56Z');
    }
  });

  it('makes each event all day on the deadline, ending the next day (across a year and a leap day)', () => {
    // DTEND written out, not left for each calendar to infer from an all-day start.
    for (const event of events) expect(event.component.getFirstPropertyValue('dtend')).not.toBeNull();
    const days = events.map((event) => [event.startDate.isDate, event.startDate.toString(), event.endDate.toString()]);
    expect(days).toEqual([
      [true, '2027-01-04', '2027-01-05'],
      [true, '2026-12-31', '2027-01-01'],
      [true, '2028-02-29', '2028-03-01'],
      [true, '2027-03-01', '2027-03-02'],
    ]);
  });

  it("names the college and its round, the college's name read back exactly as written", () => {
    expect(byUid.get('college-tufts@essay-studio')!.summary).toBe('Tufts University, Medford; "Jumbos" \\ 🐘: Early Decision II deadline');
    expect(byUid.get('college-yale@essay-studio')!.summary).toBe('Yale University: Regular Decision deadline');
  });

  it('lists the prompts not yet done in the description, with their limits and status', () => {
    expect(byUid.get('college-tufts@essay-studio')!.description).toBe([
      'Prompts not yet done (2 of 3):',
      '- Which parts of the Tufts curriculum prompt your application? Put simply: "Why Tufts?" (150 words; Drafting)',
      '- Describe a community you belong to. (no word limit; Not started)',
    ].join('\n'));
  });

  it('says when every prompt is done, or none was added', () => {
    expect(byUid.get('college-rice@essay-studio')!.description).toBe('Every prompt for this college is done.');
    expect(byUid.get('college-yale@essay-studio')!.description).toBe('No prompts added for this college yet.');
  });

  it('quotes a long prompt up to a word near 120 characters', () => {
    expect(byUid.get('college-long@essay-studio')!.description).toBe([
      'Prompts not yet done (1 of 1):',
      '- Tell us about a moment that changed how you see your neighbourhood and the people in it. Tell us about a moment that…'
        + ' (250 words; Not started)',
    ].join('\n'));
  });

  it('ends every line with CRLF and folds long lines, as RFC 5545 writes them', () => {
    expect(file.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(file.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    const lines = file.split('\r\n');
    expect(lines.some((line) => line.startsWith('\t') || line.startsWith(' '))).toBe(true);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(75);
  });

  it('writes a calendar without events for a plan without colleges', () => {
    expect(eventsOf(fileOf({ colleges: [], stories: [] }))).toEqual([]);
  });
});
