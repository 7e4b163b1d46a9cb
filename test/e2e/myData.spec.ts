import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { grantPaid, press } from './essayFlow.ts';
import { arriveAt, expect, test } from './support/seededStudent.ts';

test.describe('the student’s own data @mobile', () => {
  // Maya's questionnaire filled, seeded: what is tested is the download and the deletion, not the questionnaire.
  test.use({ seed: 'questionnaire' });

  test('download my data, then delete it: the questionnaire is empty here and on the server, and the plan stays', async ({ page, request }) => {
    test.setTimeout(90_000);
    await arriveAt(page, 'questionnaire');
    await grantPaid(page, request);
    await page.goto('/form');
    // A kept essay version on the server (what /result's version history sends).
    const kept = await page.evaluate(async () => (await fetch('/api/essay-versions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ versions: [{ id: 'journey-version-1', essayKey: 'personal', at: new Date().toISOString(), kind: 'edited', text: 'A draft Maya kept.' }] }),
    })).status);
    expect(kept).toBe(200);
    // Back on the step the student left: the last one.
    await expect(page.getByLabel('Tell us about something that made you really happy.')).toHaveValue(/robot finally lifted the cube/);

    const [download] = await Promise.all([page.waitForEvent('download'), press(page.getByRole('button', { name: 'Download my data' }))]);
    expect(download.suggestedFilename()).toBe('essay-studio-my-data.json');
    const file = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      server: {
        uid: string;
        tables: { forms: Array<{ document: { basicInfo: { fullName: string } } }>; entitlements: Array<{ plan: string }>; essay_versions: Array<{ text: string }> };
      };
      device: { formDocument: { basicInfo: { email: string } } };
    };
    expect(file.server.tables.forms[0]!.document.basicInfo.fullName).toBe('Maya Okafor');
    expect(file.server.tables.entitlements[0]!.plan).toBe('paid');
    expect(file.server.tables.essay_versions.map((version) => version.text)).toEqual(['A draft Maya kept.']);
    expect(file.device.formDocument.basicInfo.email).toBe('maya@example.com');

    // A second tab on the same questionnaire hears of the deletion through the sync and empties too.
    const other = await page.context().newPage();
    await other.goto('/form');
    await expect(other.getByLabel('Tell us about something that made you really happy.')).toHaveValue(/robot finally lifted the cube/);
    await page.bringToFront();

    await press(page.getByRole('button', { name: 'Delete my data' }));
    const dialog = page.getByRole('dialog', { name: 'Delete your data?' });
    await expect(dialog).toContainText('Your plan stays');
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete my data' }).click();
    await expect(page.getByText(/Your data was deleted from this device and from the server/)).toBeVisible();
    // Back at the first step, empty.
    await expect(page.getByLabel(/Full name/i)).toHaveValue('');
    await expect(page.getByLabel(/E-?mail/i)).toHaveValue('');

    await other.bringToFront();
    await expect(other.getByLabel('Tell us about something that made you really happy.')).toHaveValue('');

    // Checked after the other tab emptied: it did not send its old copy back.
    const server = await page.evaluate(async () => {
      const form = (await (await fetch('/api/forms/me')).json()) as { document: unknown };
      const whoami = (await (await fetch('/api/whoami')).json()) as { plan: string };
      const versions = (await (await fetch('/api/essay-versions')).json()) as { versions: unknown[] };
      return { document: form.document, plan: whoami.plan, versions: versions.versions };
    });
    expect(server).toEqual({ document: null, plan: 'paid', versions: [] });

    await page.reload();
    await expect(page.getByLabel(/Full name/i)).toHaveValue('');
    await expect(page.getByRole('banner').getByText('Paid', { exact: true })).toBeVisible();
  });
});
