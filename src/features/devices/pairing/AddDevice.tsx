// "Add a device", on the device that holds the work: the student types the new device's code (or the QR link
// fills it in), sees which device it is with the warning, and approves it with Approve; nothing is approved
// before that press. The code is looked up and approved through the server's secret gate (pairingThunks.ts).
import { useEffect, useState } from 'react';
import type { ApiErrorValue } from '../../../api/index.ts';
import { useAppDispatch } from '../../../app/hooks.ts';
import { normalisePairingCode } from '../../../common/devices/pairingCode.ts';
import { Alert, Button, Field } from '../../../ui/index.ts';
import { approvePairing, checkPairingCode } from './pairingThunks.ts';

export const ADD_DEVICE_WARNING =
  'Only approve a code shown on a screen in front of you. Anyone you give this code to can read and change all your work.';

type Phase =
  | { kind: 'typing' }
  | { kind: 'checking' }
  | { kind: 'found'; label: string }
  | { kind: 'approving'; label: string }
  | { kind: 'approved'; label: string };

const NOT_SIGNED_IN = 'This browser holds no work to share yet: type the code on the device where you started.';

const problem = (error: unknown): string => {
  const { code, message } = error as ApiErrorValue;
  return code === 'not_authenticated' ? NOT_SIGNED_IN : message;
};

export function AddDevice({ initialCode = '' }: { initialCode?: string }) {
  const dispatch = useAppDispatch();
  const [code, setCode] = useState(initialCode);
  const [phase, setPhase] = useState<Phase>({ kind: 'typing' });
  const [error, setError] = useState<string | null>(null);

  const check = async (typed: string) => {
    setError(null);
    if (normalisePairingCode(typed) === undefined) {
      setError('A code is 8 letters, as BCDF-GHJK.');
      return;
    }
    setPhase({ kind: 'checking' });
    try {
      setPhase({ kind: 'found', label: (await dispatch(checkPairingCode(typed)).unwrap()).label });
    } catch (error) {
      setError(problem(error));
      setPhase({ kind: 'typing' });
    }
  };

  // A code from the QR link is looked up at once, so the device's label shows; it is approved only on Approve.
  useEffect(() => {
    if (initialCode !== '') void check(initialCode);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the code the page opened with
  }, []);

  const approve = async (label: string) => {
    setError(null);
    setPhase({ kind: 'approving', label });
    try {
      setPhase({ kind: 'approved', label: (await dispatch(approvePairing(code)).unwrap()).label });
    } catch (error) {
      setError(problem(error));
      setPhase({ kind: 'typing' });
    }
  };

  if (phase.kind === 'approved') {
    return (
      <div className="add-device" aria-live="polite">
        <Alert tone="success">Approved. {phase.label} can now continue your work: confirm it on that device.</Alert>
      </div>
    );
  }

  const found = phase.kind === 'found' || phase.kind === 'approving' ? phase.label : null;
  return (
    <div className="add-device">
      <p className="add-device-warning">{ADD_DEVICE_WARNING}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void check(code);
        }}
      >
        <Field
          label="Code shown on the new device"
          hint="8 letters, as BCDF-GHJK"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setPhase({ kind: 'typing' });
          }}
        />
        {found === null && <Button type="submit" variant="secondary" disabled={phase.kind === 'checking'}>Check code</Button>}
      </form>
      {found !== null && (
        <div aria-live="polite">
          <p>New device: <strong>{found}</strong></p>
          <Button onClick={() => void approve(found)} disabled={phase.kind === 'approving'}>Approve</Button>
        </div>
      )}
      {error !== null && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
