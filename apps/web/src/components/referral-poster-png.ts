import { saveFile } from '@/lib/download-export';

/** What a referral poster shows. */
export interface ReferralPosterProps {
  code: string;
  link: string;
  /** The member as the product names referrers: "Alex M.". */
  inviter: string;
}

const WIDTH = 720;
const HEIGHT = 1040;
const QR = 480;

/**
 * The referral poster as a PNG file, drawn on a canvas as the dialog shows it (dark on white
 * whatever the theme, so it prints and scans): brand, inviter, QR code, code and link.
 * Rejects when the browser cannot draw it; the dialog then says so.
 */
export async function posterPng({ code, link, inviter }: ReferralPosterProps): Promise<Blob> {
  const { toCanvas } = await import('qrcode');
  const qr = document.createElement('canvas');
  await toCanvas(qr, link, { width: QR, margin: 2 });
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  ctx.textAlign = 'center';
  const text = (value: string, y: number, font: string, color: string) => {
    ctx.font = font;
    ctx.fillStyle = color;
    ctx.fillText(value, WIDTH / 2, y, WIDTH - 60);
  };
  text('COPYTRADE NETWORK', 90, '600 30px system-ui, sans-serif', '#047857');
  text(`Invited by ${inviter}`, 160, 'bold 44px system-ui, sans-serif', '#0f172a');
  ctx.drawImage(qr, (WIDTH - QR) / 2, 210, QR, QR);
  text(code, 780, 'bold 56px ui-monospace, monospace', '#0f172a');
  text(link, 850, '26px system-ui, sans-serif', '#475569');
  text('Scan to join', 940, '28px system-ui, sans-serif', '#475569');
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png'),
  );
}

/** Makes the poster and hands it to the browser as `referral-poster-<code>.png`. */
export async function downloadPoster(poster: ReferralPosterProps): Promise<void> {
  saveFile(await posterPng(poster), `referral-poster-${poster.code}.png`);
}
