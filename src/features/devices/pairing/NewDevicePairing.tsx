// "Continue from another device", on the new device: asks for a code, shows it with its QR code and expiry,
// and waits (polling at the server's interval) until the student approves it on the device holding the work.
// Then it says whose work it will open (the first name from the questionnaire, when it was started) and takes
// it only on Continue, or, when this device holds work of its own, on "Replace this device's work": nothing
// is merged. Its states are its own (nothing of a pairing is kept on the device); the calls are thunks.
import { useEffect, useState } from 'react';
import type { ApiErrorValue } from '../../../api/index.ts';
import { useAppDispatch } from '../../../app/hooks.ts';
import { PAIRING_LIFETIME_MINUTES } from '../../../common/devices/pairingCode.ts';
import { readableTime } from '../../../common/time/readableTime.ts';
import { Alert, Button } from '../../../ui/index.ts';
import { type PairingOwner, pollPairing, type StartedPairing, startPairing, takePairing } from './pairingThunks.ts';
import { PairingQrCode } from './PairingQrCode.tsx';

type Phase =
  | { kind: 'asking' }
  | { kind: 'waiting'; pairing: StartedPairing }
  | { kind: 'approved'; pairingId: string; owner: PairingOwner; holdsWork: boolean }
  | { kind: 'taking' }
  | { kind: 'over'; message: string };

/** What the poll's refusals mean to the student; authorization_pending and slow_down keep waiting. */
const OVER: Record<string, string> = {
  expired_token: 'This code has expired. Ask for a new code.',
  access_denied: 'This code was ended after too many wrong tries. Ask for a new code.',
};

const whose = (owner: PairingOwner): string => {
  const name = owner.firstName === null ? 'the work' : `${owner.firstName}’s work`;
  return owner.startedAt === null ? name : `${name}, started ${readableTime(owner.startedAt, 'long')}`;
};

const refusal = (error: unknown): ApiErrorValue => error as ApiErrorValue;

export function NewDevicePairing({ onCancel }: { onCancel: () => void }) {
  const dispatch = useAppDispatch();
  const [phase, setPhase] = useState<Phase>({ kind: 'asking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    dispatch(startPairing()).unwrap().then(
      (started) => live && setPhase({ kind: 'waiting', pairing: started }),
      (error: unknown) => live && setPhase({ kind: 'over', message: refusal(error).message }),
    );
    return () => {
      live = false;
    };
  }, [dispatch, attempt]);

  const waiting = phase.kind === 'waiting' ? phase.pairing : null;
  useEffect(() => {
    if (waiting === null) return undefined;
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    const poll = (seconds: number) => {
      timer = setTimeout(() => {
        dispatch(pollPairing(waiting.pairingId)).unwrap().then(
          ({ owner, holdsWork }) => live && setPhase({ kind: 'approved', pairingId: waiting.pairingId, owner, holdsWork }),
          (error: unknown) => {
            if (!live) return;
            const { code, message } = refusal(error);
            if (OVER[code] !== undefined) setPhase({ kind: 'over', message: OVER[code] ?? message });
            else if (Date.parse(waiting.expiresAt) <= Date.now()) setPhase({ kind: 'over', message: OVER.expired_token ?? message });
            // Pending, too soon, or the network away a moment: wait on, longer after a slow_down.
            else poll(code === 'slow_down' ? seconds + 5 : seconds);
          },
        );
      }, seconds * 1000);
    };
    poll(waiting.interval);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [dispatch, waiting]);

  // Once taken, the app erases this device's copy and opens the questionnaire (the page is left meanwhile).
  const take = (pairingId: string) => {
    setPhase({ kind: 'taking' });
    dispatch(takePairing(pairingId)).unwrap().catch((error: unknown) => {
      const { code, message } = refusal(error);
      setPhase({ kind: 'over', message: OVER[code] ?? message });
    });
  };

  return (
    <div className="pairing" aria-live="polite">
      {phase.kind === 'asking' && <p>Getting a code…</p>}
      {phase.kind === 'waiting' && (
        <>
          <p>On the device that holds your work, open <strong>Your data</strong>, choose <strong>Add a device</strong> and type this code, or scan the QR code:</p>
          <p className="pairing-code">{phase.pairing.userCode}</p>
          <PairingQrCode code={phase.pairing.userCode.replace('-', '')} />
          <p>
            The code works once and expires at {readableTime(phase.pairing.expiresAt, 'long')} (in {PAIRING_LIFETIME_MINUTES} minutes).
            Waiting for it to be approved…
          </p>
          <Button variant="secondary" onClick={onCancel}>Cancel</Button>
        </>
      )}
      {phase.kind === 'approved' && (
        <>
          <p>Approved. This device will open <strong>{whose(phase.owner)}</strong>.</p>
          {phase.holdsWork && <p>This device holds work of its own. It will be removed from this device and replaced; nothing is merged.</p>}
          <div className="page-actions">
            <Button onClick={() => take(phase.pairingId)}>{phase.holdsWork ? 'Replace this device’s work' : 'Continue'}</Button>
            <Button variant="secondary" onClick={onCancel}>Cancel</Button>
          </div>
        </>
      )}
      {phase.kind === 'taking' && <p>Opening the work…</p>}
      {phase.kind === 'over' && (
        <>
          <Alert tone="error">{phase.message}</Alert>
          <div className="page-actions">
            <Button onClick={() => { setPhase({ kind: 'asking' }); setAttempt((count) => count + 1); }}>Get a new code</Button>
            <Button variant="secondary" onClick={onCancel}>Cancel</Button>
          </div>
        </>
      )}
    </div>
  );
}
