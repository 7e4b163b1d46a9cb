// Share for comments and the readers' comments on the supplemental and coach pages: each under its own essay,
// sharing that essay's kept version by its own key, and showing the comments made on it.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { coachEssayKey, supplementalEssayKey } from '../../../src/client-core/essayVersions.ts';
import { paths } from '../../../src/client-core/routes.ts';
import { fakeApi, json } from '../../app/fakeApi.ts';
import { studentAt } from '../../app/fixtures.ts';
import { renderApp } from '../../app/renderWithProviders.tsx';
import { ON_THE_DOCK, SHARE, SNAPSHOT } from './commentFixtures.ts';

const signedIn = { uid: 'anon_12345678', plan: 'free', status: 'succeeded', planStatus: 'succeeded', error: null } as const;
const created = { id: SHARE.id, url: `/read#${SHARE.id}.secret`, expiresAt: SHARE.expiresAt };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function shareFrom(scope: HTMLElement, user: ReturnType<typeof renderApp>['user'], name = 'Share for comments') {
  const panel = await within(scope).findByRole('region', { name });
  await user.click(within(panel).getByRole('button', { name: 'Share for comments' }));
  await user.click(within(panel).getByRole('button', { name: 'Create link' }));
  return within(panel).findByRole('textbox', { name: 'Link for your reader' });
}

describe('comments on the supplemental and coach pages', () => {
  it('/supplemental: each essay shares its own kept version and shows its readers’ comments', async () => {
    const key = supplementalEssayKey('Why our college?', 250);
    const api = fakeApi({
      'GET /api/shares': () => json({ shares: [] }),
      'GET /api/comments': ({ url }) => json({ shares: url.includes(encodeURIComponent(key)) ? [SHARE] : [], more: false }),
      'POST /api/shares': () => json(created, 201),
    });
    const { user } = renderApp({
      route: paths.supplemental,
      preloadedState: {
        ...studentAt('essay-type'),
        session: signedIn,
        supplemental: {
          supplementalEssays: [{ prompt: 'Why our college?', wordCount: 250, generatedEssay: SNAPSHOT }],
          versions: { [key]: [{ id: 'vsupplemental0001', at: '2026-03-01T08:00:00.000Z', text: SNAPSHOT, kind: 'generated' }] },
        },
      },
    });
    const essay = await screen.findByRole('listitem', { name: 'Why our college?' });
    // Each essay's panels are named with it: the page holds one of each per essay.
    const comments = await within(essay).findByRole('region', { name: 'Comments from your readers essay 1' });
    expect(await within(comments).findByRole('article', { name: `Ms. Álvarez, on “${ON_THE_DOCK.anchor!.quote}”` })).toBeInTheDocument();
    await shareFrom(essay, user, 'Share for comments essay 1');
    const [sent] = api.callsTo('POST /api/shares');
    expect(JSON.parse(String(sent!.init.body))).toMatchObject({ essayKey: key, versionId: 'vsupplemental0001', text: SNAPSHOT, title: 'Why our college?' });
  });

  it('/coach: the draft’s kept revision is shared under its coach key, and its comments show below the draft', async () => {
    const key = coachEssayKey('personal', '', 250);
    const api = fakeApi({
      'GET /api/coach/status': () => json({ model: null }),
      'GET /api/shares': () => json({ shares: [] }),
      'GET /api/comments': () => json({ shares: [SHARE], more: false }),
      'POST /api/shares': () => json(created, 201),
    });
    const { user } = renderApp({
      route: paths.coach,
      preloadedState: {
        session: signedIn,
        coach: {
          kind: 'personal', prompt: '', wordLimit: 250, draft: SNAPSHOT,
          versions: { [key]: [{ id: 'vcoach00000001', at: '2026-03-01T08:00:00.000Z', text: SNAPSHOT, kind: 'coach' }] },
        },
      },
    });
    const comments = await screen.findByRole('region', { name: 'Comments from your readers' });
    expect(within(comments).getByRole('article', { name: 'Ms. Álvarez, a general comment' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/comments')[0]?.url).toBe(`/api/comments?essayKey=${encodeURIComponent(key)}`);
    await shareFrom(document.body, user);
    const [sent] = api.callsTo('POST /api/shares');
    expect(JSON.parse(String(sent!.init.body))).toMatchObject({ essayKey: key, versionId: 'vcoach00000001', text: SNAPSHOT });
  });
});
