// /continue: "Continue from another device" on the new device, as the landing page's and the questionnaire's
// links open it. A page of its own, so its code (the calls, the QR encoder) loads only when a student asks.
import { useNavigate } from 'react-router-dom';
import { paths } from '../../client-core/routes.ts';
import { NewDevicePairing } from './pairing/NewDevicePairing.tsx';
import './pairing/pairing.css';

export default function ContinuePage() {
  const navigate = useNavigate();
  return (
    <section className="page" aria-labelledby="continue-title">
      <h1 id="continue-title">Continue from another device</h1>
      <NewDevicePairing onCancel={() => void navigate(paths.form)} />
    </section>
  );
}
