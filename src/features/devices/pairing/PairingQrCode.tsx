// The QR code of the link that opens "Add a device" with this code filled in. The code rides in the link's
// fragment (`/add-device#code=BCDF-GHJK`), which a browser never sends to a server. Drawn by uqr, a small
// dependency-free encoder, as an SVG image.
import { renderSVG } from 'uqr';
import { addDevicePath } from '../../../common/devices/pairingCode.ts';

export function PairingQrCode({ code }: { code: string }) {
  const link = `${window.location.origin}${addDevicePath(code)}`;
  const svg = renderSVG(link, { border: 2, pixelSize: 6 });
  return (
    <img
      className="pairing-qr"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt="QR code of the link that opens Add a device with this code"
      width={180}
      height={180}
    />
  );
}
