// /add-device, which the new device's QR code opens: "Add a device" with the code read from the link's
// fragment (`#code=BCDF-GHJK`, never sent to a server). The fragment is then cleared from the address, so the
// code does not stay in this tab's history; nothing is approved until Approve is pressed.
import { useState } from 'react';
import { codeFromFragment, formatPairingCode } from '../../common/devices/pairingCode.ts';
import { AddDevice } from './pairing/AddDevice.tsx';
import './pairing/pairing.css';

const takeFragmentCode = (): string => {
  const code = codeFromFragment(window.location.hash);
  if (window.location.hash !== '') window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return code === undefined ? '' : formatPairingCode(code);
};

export default function AddDevicePage() {
  const [initialCode] = useState(takeFragmentCode);
  return (
    <section className="page" aria-labelledby="add-device-title">
      <h1 id="add-device-title">Add a device</h1>
      <p>Continue your work on another device: type the code that device shows.</p>
      <AddDevice initialCode={initialCode} />
    </section>
  );
}
