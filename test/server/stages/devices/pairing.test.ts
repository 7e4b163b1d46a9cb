// Pairing a new device over HTTP, on PGlite and PostgreSQL: the new device asks and polls (pending, slow_down,
// expired, ended), the device holding the work checks and approves its code, and the new device takes that
// student's session once. Hostile: guessed codes from one network open nothing and slow no one else, near
// misses end the pairing they nearly hit, an expired or used code is refused in words, a pairing polled from
// another browser does not exist, and no code or pairing id appears in a log line.
import { describe, expect, it } from 'vitest';
import { pairingApprovedSchema, pairingStartedSchema } from '../../../../src/common/contract/contract.ts';
import { PAIRING_ALPHABET } from '../../../../src/common/devices/pairingCode.ts';
import { deleteExpiredPairingsNow } from '../../../../src/server/stages/devices/expiredPairings.ts';
import { testDatabases } from '../../databases.ts';
import { buildTestApp, cookiePair, TEST_ORIGIN } from '../../helper.ts';
import { signInDevice } from '../../session/deviceCookie.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const SECOND = 1000;

async function pairingApp(target: (typeof testDatabases)[number]) {
  let now = new Date('2026-03-02T09:00:00.000Z');
  const lines: string[] = [];
  const test = await buildTestApp(target, { clock: () => now, logger: { write: (line) => lines.push(line) }, env: { LOG_LEVEL: 'trace' } });
  const post = (url: string, payload: object | undefined, cookie?: string, network = '10.0.0.1', userAgent?: string) => test.app.inject({
    method: 'POST', url, remoteAddress: network,
    headers: { origin: TEST_ORIGIN, ...(cookie === undefined ? {} : { cookie }), ...(userAgent === undefined ? {} : { 'user-agent': userAgent }) },
    ...(payload === undefined ? {} : { payload }),
  });
  /** A student with a questionnaire begun, on the laptop that holds the work. */
  const student = async (fullName: string, network = '10.9.0.1') => {
    const session = await test.app.inject({ method: 'POST', url: '/api/session', remoteAddress: network });
    const uid = session.json<{ uid: string }>().uid;
    await test.database.db.insertInto('forms').values({ uid, document: JSON.stringify({ basicInfo: { fullName } }), revision: 1, updated_at: new Date() }).execute();
    return { uid, cookie: cookiePair(session.headers['set-cookie']) };
  };
  /** A new device (a phone with no session) asking to continue. */
  const newDevice = async (network = '10.1.0.1') => {
    const asked = await post('/api/devices/pairing', {}, undefined, network, IPHONE);
    expect(asked.statusCode, asked.body).toBe(200);
    return { ...pairingStartedSchema.parse(asked.json()), cookie: cookiePair(asked.headers['set-cookie']), network };
  };
  const poll = (device: { pairingId: string; cookie: string; network: string }, take?: true) =>
    post('/api/devices/pairing/poll', { pairingId: device.pairingId, ...(take ? { take } : {}) }, device.cookie, device.network, IPHONE);
  return { ...test, lines, post, student, newDevice, poll, advance: (ms: number) => { now = new Date(now.getTime() + ms); } };
}

describe.each(testDatabases)('pairing a device on $name', (target) => {
  it('pairs: the code is shown as BCDF-GHJK, the phone waits, the laptop approves, the phone sees whose work and takes it once', async () => {
    const test = await pairingApp(target);
    const laptop = await test.student('Maya Lopez');
    test.advance(60 * SECOND);
    const phone = await test.newDevice();
    expect(phone.userCode).toMatch(new RegExp(`^[${PAIRING_ALPHABET}]{4}-[${PAIRING_ALPHABET}]{4}$`));
    expect(phone.pairingId.length).toBeGreaterThanOrEqual(22);
    expect(phone.expiresAt).toBe('2026-03-02T09:11:00.000Z');
    expect(phone.interval).toBe(5);

    const pending = await test.poll(phone);
    expect(pending.statusCode).toBe(400);
    expect(pending.json()).toMatchObject({ code: 'authorization_pending' });
    expect((await test.poll(phone)).json()).toMatchObject({ code: 'slow_down' });
    test.advance(5 * SECOND);
    expect((await test.poll(phone)).json()).toMatchObject({ code: 'authorization_pending' });

    // Typed in lower case with a space: the same code. The laptop sees the phone's label before approving.
    const typed = phone.userCode.toLowerCase().replace('-', ' ');
    const checked = await test.post('/api/devices/pairing/check', { userCode: typed }, laptop.cookie);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toEqual({ label: 'Safari on iPhone', expiresAt: phone.expiresAt });
    // Approving is a student's act: from another network (mobile data), with the laptop's session.
    expect((await test.post('/api/devices/approve', { userCode: phone.userCode })).statusCode).toBe(401);
    const approved = await test.post('/api/devices/approve', { userCode: phone.userCode }, laptop.cookie, '172.16.5.5');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ approved: true, label: 'Safari on iPhone' });

    test.advance(5 * SECOND);
    const told = await test.poll(phone);
    expect(told.statusCode).toBe(200);
    expect(pairingApprovedSchema.parse(told.json())).toEqual({ status: 'approved', owner: { firstName: 'Maya', startedAt: '2026-03-02T09:00:00.000Z' }, taken: false });
    expect(told.headers['set-cookie']).toBeUndefined();

    const taken = await test.poll(phone, true);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ status: 'approved', taken: true });
    expect(Object.keys(taken.json<object>()).sort()).toEqual(['owner', 'status', 'taken']);
    const phoneNow = cookiePair(taken.headers['set-cookie']);
    // The phone is now one of the student's devices.
    const phoneList = await test.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie: phoneNow } });
    expect(phoneList.json<{ devices: unknown[] }>().devices).toHaveLength(2);
    const session = await test.app.inject({ method: 'POST', url: '/api/session', headers: { cookie: phoneNow, origin: TEST_ORIGIN } });
    expect(session.json<{ uid: string }>().uid).toBe(laptop.uid);
    // The phone's visitor session ended when it took the student's.
    expect((await test.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie: phone.cookie } })).statusCode).toBe(401);
    const devices = await test.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie: laptop.cookie } });
    expect(devices.json<{ devices: Array<{ label: string }> }>().devices.map((device) => device.label)).toContain('Safari on iPhone');

    // Once: the code is used, the pairing taken.
    const again = await test.post('/api/devices/approve', { userCode: phone.userCode }, laptop.cookie);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ code: 'pairing_code_used', error: 'This code was already used. Ask the new device for a new code.' });
    expect((await test.poll({ ...phone, cookie: phoneNow }, true)).json()).toMatchObject({ code: 'expired_token' });
  });

  it('refuses an expired code in words, tells the waiting device expired_token, and deletes it in the hourly run', async () => {
    const test = await pairingApp(target);
    const laptop = await test.student('Maya Lopez');
    const phone = await test.newDevice();
    test.advance(10 * 60 * SECOND + 1);
    const late = await test.post('/api/devices/approve', { userCode: phone.userCode }, laptop.cookie);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ code: 'pairing_code_expired', error: 'This code has expired. Ask the new device for a new code.' });
    expect((await test.poll(phone)).json()).toMatchObject({ code: 'expired_token' });
    expect(await deleteExpiredPairingsNow(test.database.db, new Date('2026-03-02T10:00:00.000Z'))).toBe(1);
    expect(await test.database.db.selectFrom('device_pairings').selectAll().execute()).toEqual([]);
  });

  it('a pairing is bound to the browser that asked: polled from another, it does not exist; its own code is not approved by itself', async () => {
    const test = await pairingApp(target);
    const phone = await test.newDevice();
    const stranger = await test.student('Someone Else');
    expect((await test.poll({ ...phone, cookie: stranger.cookie })).json()).toMatchObject({ code: 'expired_token' });
    expect((await test.poll({ ...phone, cookie: '' })).json()).toMatchObject({ code: 'expired_token' });
    const self = await test.post('/api/devices/approve', { userCode: phone.userCode }, phone.cookie);
    expect(self.statusCode).toBe(409);
  });

  it('guessed codes from one network open nothing: each browser is stopped at 5, the network at 300, the right code then waits too, and another network pairs', async () => {
    const test = await pairingApp(target);
    const phone = await test.newDevice('10.1.0.1');
    const guessers = '203.0.113.7';
    const wrong = (index: number) => [...index.toString(20).padStart(8, '0')].map((digit) => PAIRING_ALPHABET[parseInt(digit, 20)]).join('');
    const statuses: number[] = [];
    let guess = 0;
    for (let browser = 0; browser < 61; browser += 1) {
      const cookie = await signInDevice(test, `guesser-${browser}`);
      for (let tries = 0; tries < 6; tries += 1) {
        guess += 1;
        const code = wrong(guess);
        if (code === phone.userCode.replace('-', '')) continue;
        statuses.push((await test.post('/api/devices/approve', { userCode: code }, cookie, guessers)).statusCode);
      }
    }
    expect(statuses.filter((status) => status === 404)).toHaveLength(300);
    expect(statuses.filter((status) => status === 429).length).toBe(statuses.length - 300);
    const lastGuesser = await signInDevice(test, 'guesser-right');
    const right = await test.post('/api/devices/approve', { userCode: phone.userCode }, lastGuesser, guessers);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 'pairing_code_attempts' });
    expect((await test.poll(phone)).json()).toMatchObject({ code: 'authorization_pending' });

    const laptop = await test.student('Maya Lopez', '198.51.100.4');
    expect((await test.post('/api/devices/approve', { userCode: phone.userCode }, laptop.cookie, '198.51.100.4')).statusCode).toBe(200);
  });

  it('5 near misses (a wrong code with its first four letters) end a pending pairing: access_denied', async () => {
    const test = await pairingApp(target);
    const phone = await test.newDevice();
    const half = phone.userCode.slice(0, 4);
    const other = [...PAIRING_ALPHABET].find((letter) => letter !== phone.userCode[5]) ?? 'B';
    for (let network = 0; network < 5; network += 1) {
      const cookie = await signInDevice(test, `near-${network}`);
      const code = `${half}${other}${PAIRING_ALPHABET[network]}${PAIRING_ALPHABET[network + 1]}${PAIRING_ALPHABET[network + 2]}`;
      expect((await test.post('/api/devices/approve', { userCode: code }, cookie, `10.7.0.${network}`)).statusCode).toBe(404);
    }
    const denied = await test.poll(phone);
    expect(denied.statusCode).toBe(400);
    expect(denied.json()).toMatchObject({ code: 'access_denied' });
    const laptop = await test.student('Maya Lopez');
    expect((await test.post('/api/devices/approve', { userCode: phone.userCode }, laptop.cookie)).statusCode).toBe(410);
  });

  it('writes no code and no pairing id in any log line, at the most talkative level', async () => {
    const test = await pairingApp(target);
    const laptop = await test.student('Maya Lopez');
    const phone = await test.newDevice();
    await test.post('/api/devices/pairing/check', { userCode: phone.userCode }, laptop.cookie);
    await test.post('/api/devices/approve', { userCode: phone.userCode }, laptop.cookie);
    await test.post('/api/devices/approve', { userCode: 'BBBB-BBBB' }, laptop.cookie);
    test.advance(5 * SECOND);
    await test.poll(phone, true);
    expect(test.lines.length).toBeGreaterThan(5);
    const logs = test.lines.join('\n');
    for (const secret of [phone.userCode, phone.userCode.replace('-', ''), phone.pairingId, 'BBBB-BBBB']) expect(logs).not.toContain(secret);
  });

  it('exports the pairings a student approved (no digest) and erases them with the student', async () => {
    const test = await pairingApp(target);
    const laptop = await test.student('Maya Lopez');
    const phone = await test.newDevice();
    await test.post('/api/devices/approve', { userCode: phone.userCode }, laptop.cookie);
    const exported = await test.app.inject({ method: 'GET', url: '/api/my-data', headers: { cookie: laptop.cookie } });
    expect(exported.statusCode, exported.body.slice(0, 300)).toBe(200);
    expect(exported.body).toContain('device_pairings');
    expect(exported.body).toContain('Safari on iPhone');
    expect(exported.body).not.toContain('code_hash');
    const erased = await test.app.inject({ method: 'DELETE', url: '/api/my-data', headers: { cookie: laptop.cookie, origin: TEST_ORIGIN }, payload: { confirm: true } });
    expect(erased.statusCode, erased.body).toBeLessThan(300);
    expect(await test.database.db.selectFrom('device_pairings').select('id').where('uid', '=', laptop.uid).execute()).toEqual([]);
  });
});
