/**
 * A QR code drawn as SVG (one path of whole modules in a viewBox: crisp on any screen, at any zoom), named for
 * screen readers by `label`. The encoder loads on first use, in a chunk of its own, so no pay page's first load
 * carries it; until then (and in a server render) a box of the same size holds its place.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadQrEncoder } from '../model/qr-encoder.ts';
import type { QrPath } from '../model/qr-path.ts';
import styles from './pay-instructions.module.css';

type Drawn = { payload: string } & ({ qr: QrPath; quiet: number } | { failed: true });

export function QrCode({ payload, label }: { payload: string; label: string }) {
  const { t } = useTranslation('pay');
  const [drawn, setDrawn] = useState<Drawn>();
  useEffect(() => {
    let current = true;
    loadQrEncoder()
      .then(({ qrPath, quietZone }) => ({ payload, qr: qrPath(payload), quiet: quietZone }))
      // The chunk did not load (the connection dropped) or the payload does not fit a QR code.
      .catch(() => ({ payload, failed: true as const }))
      .then((result) => {
        if (current) setDrawn(result);
      });
    return () => {
      current = false;
    };
  }, [payload]);

  const mine = drawn?.payload === payload ? drawn : undefined;
  if (!mine)
    return (
      <div className={styles.qrBox}>
        <span className={styles.qrWait}>{t('instructions.qrLoading')}</span>
      </div>
    );
  if ('failed' in mine)
    return (
      <div className={styles.qrBox}>
        <span className={styles.qrFailed} role="alert">
          {t('instructions.qrFailed')}
        </span>
      </div>
    );
  const { qr, quiet } = mine;
  const side = qr.size + 2 * quiet;
  return (
    <svg
      className={styles.qr}
      viewBox={`${-quiet} ${-quiet} ${side} ${side}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect x={-quiet} y={-quiet} width={side} height={side} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}
