import { QR_SIZE_PX } from '@ctn/contracts/constants';
import { useEffect, useState } from 'react';

/**
 * A 256x256 QR code, generated in the browser (DESIGN.md section 6: no external image service):
 * the deposit address, the authenticator enrolment. It is drawn dark on white whatever the theme,
 * so phones can scan it; when it cannot be generated or the image breaks, it is hidden (member
 * section 2), and the screen offers the text instead.
 */
export function QrCode({ value, alt }: { value: string; alt: string }) {
  const [result, setResult] = useState<{ value: string; src: string | null } | null>(null);
  const [broken, setBroken] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    // Loaded on demand: only the payment step and the 2FA setup need the generator.
    import('qrcode')
      .then(({ toString }) => toString(value, { type: 'svg', margin: 2 }))
      .then((svg) => {
        if (!cancelled)
          setResult({ value, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      })
      .catch((error: unknown) => {
        console.error('The QR code could not be generated', error);
        if (!cancelled) setResult({ value, src: null });
      });
    return () => {
      cancelled = true;
    };
  }, [value]);

  const frame = 'w-fit shrink-0 rounded-2xl border border-border bg-white p-3 shadow-xs';
  if (result?.value !== value)
    return (
      <div className={frame} data-testid="qr-loading">
        <div aria-hidden="true" className="size-[256px] animate-pulse rounded-md bg-slate-100" />
      </div>
    );
  if (!result.src || broken === value) return null;
  return (
    <div className={frame}>
      <img
        src={result.src}
        alt={alt}
        width={QR_SIZE_PX}
        height={QR_SIZE_PX}
        className="block size-[256px]"
        onError={() => setBroken(value)}
      />
    </div>
  );
}
