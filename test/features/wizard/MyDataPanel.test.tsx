import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../app/fakeApi.ts';
import { createFirebaseRemote } from '../../../src/remote/firebaseCore.ts';
import { fullDocument } from '../../app/fixtures.ts';
import { fakeFirebase } from '../../remote/fakeFirebase.ts';
import { passingProfile } from './fixtures.ts';
import { renderWizard } from './renderWizard.tsx';
import { CONDITION_WAIT } from '../../setup/conditionWait.ts';

describe('Your data: Delete my data', () => {
  it('Cancel erases nothing and sends nothing', async () => {
    const api = fakeApi({});
    const { user, store } = renderWizard({ wizard: passingProfile() });
    const before = store.getState().wizard.basicInfo;
    await user.click(await screen.findByRole('button', { name: 'Delete my data' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your data?' });
    expect(dialog).toHaveTextContent('It cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(store.getState().wizard.basicInfo).toEqual(before);
    expect(api.callsTo('DELETE /api/my-data')).toEqual([]);
  });

  it('clears the device copy and storage, then asks the server to erase with {confirm: true}', async () => {
    const api = fakeApi({ 'DELETE /api/my-data': () => json({ deleted: true, kept: ['Your plan and the record of any payment.'] }) });
    localStorage.setItem('essay-studio:discount-code', 'SAVE10');
    sessionStorage.setItem('something', 'kept in the tab');
    const { user, store } = renderWizard({ wizard: passingProfile() });
    await user.click(await screen.findByRole('button', { name: 'Delete my data' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete my data' }));
    expect(await screen.findByText(/Your data was deleted from this device and from the server\. Your plan and the record/)).toBeInTheDocument();
    expect(store.getState().wizard.basicInfo).toEqual({ fullName: '', email: '' });
    expect(localStorage.getItem('essay-studio:discount-code')).toBeNull();
    expect(sessionStorage.length).toBe(0);
    const [call] = api.callsTo('DELETE /api/my-data');
    expect(JSON.parse(String(call!.init.body))).toEqual({ confirm: true });
  });

  it('says so when the server could not erase its copy', async () => {
    fakeApi({ 'DELETE /api/my-data': () => json({ error: 'Something went wrong on our side. Please try again.', code: 'internal' }, 503) });
    const { user } = renderWizard({ wizard: passingProfile() });
    await user.click(await screen.findByRole('button', { name: 'Delete my data' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete my data' }));
    expect(await screen.findByText(/This device’s copy was cleared, but the server’s could not be deleted/)).toBeInTheDocument();
  });
});

describe('Your data with the Firebase backend', () => {
  it('adds Firestore’s document and essay versions to the download, and erases them on delete', async () => {
    const firebase = fakeFirebase();
    const remote = createFirebaseRemote(firebase.auth, firebase.firestore);
    const api = fakeApi({
      'POST /api/session': ({ init }) => json({ uid: /^id-token-of-(.+)-\d+$/.exec(String(JSON.parse(String(init.body)).idToken))?.[1] }),
      'GET /api/my-data': () => json({ uid: 'x', exportedAt: new Date().toISOString(), tables: {} }),
      'DELETE /api/my-data': () => json({ deleted: true, kept: ['Your plan.'] }),
    });
    const { uid } = await remote.signIn();
    await remote.saveDocument(fullDocument(), 0);
    await remote.saveVersions([{ id: 'version-0001', essayKey: 'personal', at: '2026-03-01T12:00:00.000Z', kind: 'edited', text: 'My kept draft.' }]);
    const saved: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => { saved.push(blob); return 'blob:my-data'; };
    URL.revokeObjectURL = () => undefined;
    const { user } = renderWizard({ wizard: passingProfile(), remote });

    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    await vi.waitFor(() => expect(saved).toHaveLength(1), CONDITION_WAIT);
    const file = JSON.parse(await saved[0]!.text()) as { firestore: { forms: unknown; versions: Array<{ id: string; text: string }> } };
    expect(file.firestore.forms).toMatchObject({ basicInfo: fullDocument().basicInfo });
    expect(file.firestore.versions).toEqual([expect.objectContaining({ id: 'version-0001', text: 'My kept draft.' })]);

    await user.click(screen.getByRole('button', { name: 'Delete my data' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete my data' }));
    expect(await screen.findByText(/Your data was deleted from this device and from the server/)).toBeInTheDocument();
    expect([...firebase.documents.keys()].filter((key) => key.startsWith(`forms/${uid}`))).toEqual([]);
    expect(api.callsTo('DELETE /api/my-data')).toHaveLength(1);
  });
});
