// Pairing a second browser with a student's work, laptop and 375 px. On device A the student fills the
// questionnaire's first two steps and writes an essay of their own in the coach (saved as a revision: the one
// essay a free student writes without the whole questionnaire). Device B asks to continue and shows a code with
// its QR code; A opens the QR link, sees B's label and the warning, and approves; B says whose work it opens,
// takes it on Continue and shows A's answers and essay through the sync; an edit on B reaches A when A's window
// regains focus; when both change the name, B's later edit wins and B offers A's back (Restore my version);
// A signs B out; B, opened again, is a visitor holding nothing of the student's, and the server
// holds nothing of it for B's new visitor either.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { fillFirstTwoSteps, MAYA, press, words } from './essayFlow.ts';
import { reopenedAsVisitor } from './support/signedOutDevice.ts';
import { expect, expectSavedOnline, test } from './support/seededStudent.ts';

const WARNING = 'Only approve a code shown on a screen in front of you. Anyone you give this code to can read and change all your work.';
const ESSAY = MAYA.writingSample?.text ?? '';

/** The student's own essay, written in the coach and kept as a revision on the server. */
async function writeEssayInCoach(page: Page): Promise<void> {
  await page.goto('/coach');
  await expect(page.getByRole('heading', { level: 1, name: 'Write your own with the coach' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Your draft' }).fill(ESSAY);
  await press(page.getByRole('button', { name: 'Save this revision' }));
  await expect.poll(async () => {
    const { versions } = (await (await page.request.get('/api/essay-versions')).json()) as { versions: Array<{ essayKey: string; text: string }> };
    return versions.filter((version) => version.essayKey === 'coach-personal' && version.text === ESSAY).length;
  }, { timeout: 15_000 }).toBe(1);
}

test.describe('pairing a device @mobile', () => {
  test('A fills two steps and writes an essay; B continues on A’s approval, shows both, edits; A signs B out', async ({ page, browser, baseURL }) => {
    test.setTimeout(150_000);
    await fillFirstTwoSteps(page);
    await expectSavedOnline(page);
    const { uid } = await page.evaluate(async () => (await (await fetch('/api/session', { method: 'POST' })).json()) as { uid: string });
    await writeEssayInCoach(page);

    // Device B: a browser of its own with nothing stored, from the landing page.
    const other = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined, storageState: { cookies: [], origins: [] } });
    const deviceB = await other.newPage();
    await deviceB.goto('/');
    await press(deviceB.getByRole('link', { name: 'Continue from another device' }));
    await expect(deviceB).toHaveURL(/\/continue$/);
    const code = deviceB.getByText(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    await expect(code).toBeVisible();
    const userCode = (await code.textContent()) ?? '';
    await expect(deviceB.getByRole('img', { name: /QR code/ })).toBeVisible();
    await expect(deviceB.getByText(/expires at/)).toBeVisible();
    expect((await new AxeBuilder({ page: deviceB }).include('.pairing').analyze()).violations).toEqual([]);

    // Device A opens the QR code's link: the code is read from the fragment, and nothing is approved yet.
    await page.goto(`/add-device#code=${userCode}`);
    await expect(page.getByText(WARNING)).toBeVisible();
    await expect(page.getByLabel('Code shown on the new device')).toHaveValue(userCode);
    await expect(page.getByText(/New device:/)).toBeVisible();
    expect(page.url()).not.toContain(userCode);
    await expect(deviceB.getByText('Waiting for it to be approved…', { exact: false })).toBeVisible();
    expect((await new AxeBuilder({ page }).include('.add-device').analyze()).violations).toEqual([]);
    await press(page.getByRole('button', { name: 'Approve' }));
    await expect(page.getByText(/can now continue your work/)).toBeVisible();

    // B learns whose work it opens, and takes it only on Continue: both steps' answers, then the essay.
    await expect(deviceB.getByText(/This device will open Maya’s work, started/)).toBeVisible({ timeout: 15_000 });
    await press(deviceB.getByRole('button', { name: 'Continue' }));
    await expect(deviceB).toHaveURL(/\/form$/);
    await expect(deviceB.getByLabel(/Full name/i)).toHaveValue(MAYA.name, { timeout: 15_000 });
    await expect(deviceB.getByLabel(/E-?mail/i)).toHaveValue(MAYA.email);
    await press(deviceB.getByRole('button', { name: 'Next' }));
    await expect(deviceB.getByLabel(/Class rank/)).toHaveValue(MAYA.classRank);
    for (const subject of MAYA.subjects) await expect(deviceB.getByRole('checkbox', { name: subject })).toBeChecked();
    await deviceB.goto('/coach');
    await expect(deviceB.getByRole('list', { name: 'Saved revisions' }).getByRole('listitem'))
      .toHaveText([new RegExp(`: ${words(ESSAY)} words$`)], { timeout: 15_000 });

    // A waits on its questionnaire; B changes the e-mail. Headless Chromium keeps every page visible and
    // focused, so A's window regaining focus is the event the browser would send.
    // Each device opens the questionnaire at the step it was last on: A at the third, B at the second.
    await page.goto('/form');
    for (const step of [3, 2]) {
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^Step ${step} of 5`) })).toBeVisible();
      await press(page.getByRole('button', { name: 'Back', exact: true }));
    }
    await expect(page.getByLabel(/E-?mail/i)).toHaveValue(MAYA.email);
    await deviceB.goto('/form');
    await press(deviceB.getByRole('button', { name: 'Back', exact: true }));
    await deviceB.getByLabel(/E-?mail/i).fill('maya.okafor@example.com');
    await expect.poll(async () => JSON.stringify(await (await deviceB.request.get('/api/forms/me')).json()), { timeout: 15_000 })
      .toContain('maya.okafor@example.com');
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(page.getByLabel(/E-?mail/i)).toHaveValue('maya.okafor@example.com');

    // Both change the name: A first, then B before it reads A's change. B's edit wins the conflict, and B
    // offers A's name back; restored on B, it reaches A too.
    const serverName = async () => ((await (await page.request.get('/api/forms/me')).json()) as { document: { basicInfo: { fullName: string } } | null })
      .document?.basicInfo.fullName;
    await page.getByLabel(/Full name/i).fill('Maya A. Okafor');
    await expect.poll(serverName, { timeout: 15_000 }).toBe('Maya A. Okafor');
    await deviceB.getByLabel(/Full name/i).fill('Maya B. Okafor');
    await expect.poll(serverName, { timeout: 15_000 }).toBe('Maya B. Okafor');
    const offer = deviceB.getByRole('region', { name: 'Changed on two devices' })
      .getByRole('group', { name: /^Basic Information was also changed on another device/ });
    await expect(offer).toBeVisible();
    expect((await new AxeBuilder({ page: deviceB }).include('.wizard-replaced-list').analyze()).violations).toEqual([]);
    await press(offer.getByRole('button', { name: 'Restore my version' }));
    await expect(deviceB.getByLabel(/Full name/i)).toHaveValue('Maya A. Okafor');
    await expect(offer).toHaveCount(0);
    await expect.poll(serverName, { timeout: 15_000 }).toBe('Maya A. Okafor');
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(page.getByLabel(/Full name/i)).toHaveValue('Maya A. Okafor');

    // B's tab is closed before A signs it out, as in devices.spec.ts: a tab left open learns it at its next
    // call and erases its copy then, and a reload in the middle of that erasure is another journey.
    await deviceB.close();

    // A lists B and signs it out.
    const devices = page.getByRole('region', { name: 'Your devices' });
    await press(devices.getByText('Show the browsers signed in to your work'));
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    const rowB = devices.getByRole('listitem').filter({ hasNotText: '(this device)' });
    await press(rowB.getByRole('button', { name: 'Sign out' }));
    await expect(devices.getByRole('listitem')).toHaveCount(1);

    // B, opened again: its first call is refused, it erases its copy and starts again at / as a visitor.
    const reopened = await reopenedAsVisitor(other, ['Maya', 'wiring diagram']);
    // B is a new visitor, and that visitor holds nothing of the student's on the server: no answers, no essay.
    const visitor = (await (await reopened.request.post('/api/session')).json()) as { uid: string };
    expect(visitor.uid).not.toBe(uid);
    const form = JSON.stringify(await (await reopened.request.get('/api/forms/me')).json());
    const versions = JSON.stringify(await (await reopened.request.get('/api/essay-versions')).json());
    expect(form).not.toContain('Maya');
    expect(versions).not.toContain('wiring diagram');
    await other.close();
  });
});
