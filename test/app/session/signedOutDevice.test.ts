// A device signed out elsewhere: its first 401 signed_out stops every later call from leaving the page (so the
// device's copy is never sent), and the app erases that copy from IndexedDB, localStorage, sessionStorage and
// Cache Storage before the page starts again as a new visitor.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, endpoints } from '../../../src/api/index.ts';
import { deviceStorage } from '../../../src/client-core/deviceCopyStorage.ts';
import { leaveWhenSignedOut } from '../../../src/app/session/signedOutDevice.ts';
import { emptyFormDocument } from '../../../src/common/questionnaire/formDocumentDefaults.ts';
import { fakeApi, json } from '../fakeApi.ts';
import { CONDITION_WAIT } from '../../setup/conditionWait.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The browser's Cache Storage, which happy-dom lacks: named caches holding responses by URL. */
function cacheStorage() {
  const named = new Map<string, Map<string, string>>();
  return {
    named,
    open: async (name: string) => {
      const cache = named.get(name) ?? new Map<string, string>();
      named.set(name, cache);
      return { put: async (url: string, response: Response) => { cache.set(url, await response.text()); } };
    },
    keys: async () => [...named.keys()],
    delete: async (name: string) => named.delete(name),
  };
}

describe('a signed-out device', () => {
  it('sends nothing after its first 401 signed_out, erases every copy it kept, then starts again', async () => {
    const caches = cacheStorage();
    vi.stubGlobal('caches', caches);
    await (await caches.open('student-pages')).put('/api/forms/me', new Response('{"fullName":"Maya"}'));
    await deviceStorage.setItem('persist:root', '{"wizard":"Maya"}');
    localStorage.setItem('wizard-step', '3');
    sessionStorage.setItem('referral-code', 'MAYA-1');
    const api = fakeApi({
      'GET /api/forms/me': () => json({ error: 'This device was signed out.', code: 'signed_out' }, 401),
      'PUT /api/forms/me': () => json({ revision: 2 }),
    });
    const order: string[] = [];
    const restart = vi.fn(() => { order.push('restart'); });
    leaveWhenSignedOut({ stopWriting: () => order.push('stop writing'), restart });

    await expect(apiRequest(endpoints.loadForm)).rejects.toMatchObject({ status: 401, code: 'signed_out' });
    // The copy the device still holds is never sent: the call is refused before it leaves the page.
    await expect(apiRequest(endpoints.saveForm, { body: { document: emptyFormDocument(), baseRevision: 1 } }))
      .rejects.toMatchObject({ code: 'signed_out' });
    expect(api.calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/forms/me']);

    await vi.waitFor(() => expect(restart).toHaveBeenCalledOnce(), CONDITION_WAIT);
    expect(order).toEqual(['stop writing', 'restart']);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(await caches.keys()).toEqual([]);
    expect(await deviceStorage.keys()).toEqual([]);
    expect(await deviceStorage.getItem('persist:root')).toBeNull();
  });
});
