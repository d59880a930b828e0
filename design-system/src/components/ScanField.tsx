import * as React from 'react';
import { CameraIcon, ScanLineIcon, XIcon } from 'lucide-react';
import { GS, parseUdi, type UdiParsed, type UdiRefused } from '@portal/vocabulary';
import { cn } from '../lib/cn';
import { Button } from './Button';
import { inputClassName } from './TextInput';

/** What the browser's BarcodeDetector (or its polyfill) answers; the caller decides which one to load. */
export interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string; format?: string }[]>;
}

export interface ScanFieldTexts {
  label: string;
  placeholder: string;
  scan: string;
  camera: string;
  stopCamera: string;
  cameraUnavailable: string;
  gtin: string;
  di: string;
  lot: string;
  serial: string;
  expiry: string;
  production: string;
  labeler: string;
  product: string;
  quantity: string;
  /** The sentence for a string that is not a UDI. */
  problem: (refusal: UdiRefused) => string;
}

export const defaultScanFieldTexts: ScanFieldTexts = {
  label: 'Scan a barcode',
  placeholder: 'Scan or type a UDI, then Enter',
  scan: 'Read',
  camera: 'Use the camera',
  stopCamera: 'Stop the camera',
  cameraUnavailable: 'The camera cannot be used here.',
  gtin: 'GTIN',
  di: 'Device identifier',
  lot: 'Lot',
  serial: 'Serial',
  expiry: 'Expiry',
  production: 'Production date',
  labeler: 'Labeler',
  product: 'Product',
  quantity: 'Quantity',
  problem: (r) => `Not a readable UDI (${r.reason}${r.ai ? `, AI ${r.ai}` : ''}).`,
};

/** How the group separator shows in the field (a visible symbol; read back as GS). */
export const GS_SYMBOL = '\u241d';

export interface ScanFieldProps {
  /** A UDI was read (on Enter, the Read button or the camera). */
  onScan: (parsed: UdiParsed, raw: string) => void;
  /** A string that is not a UDI was read. */
  onProblem?: (refusal: UdiRefused, raw: string) => void;
  texts?: Partial<ScanFieldTexts>;
  /**
   * Loads a barcode detector (the browser's BarcodeDetector or a polyfill); the camera button shows only with it and a
   * camera API. Formats to read: data_matrix, code_128 (GS1-128), qr_code.
   */
  loadDetector?: () => Promise<BarcodeDetectorLike>;
  /** Empties the field after a good read, ready for the next unit (default true). */
  clearOnScan?: boolean;
  /** Shows the fields read, or the reason (default true). */
  showResult?: boolean;
  id?: string;
  className?: string;
  disabled?: boolean;
}

type Outcome = { ok: true; parsed: UdiParsed } | { ok: false; refusal: UdiRefused } | null;

/**
 * A field a keyboard-wedge scanner types into: the group separator it sends (ASCII 29, Ctrl+] or a substitute such as
 * "~", "^]" or "{GS}") is kept and shown as ␝; Enter reads the string as a GS1 or HIBCC UDI (`parseUdi`) and shows
 * the fields read or why it is not one. With `loadDetector`, a camera button reads DataMatrix, GS1-128 and QR codes.
 */
export function ScanField({
  onScan,
  onProblem,
  texts: custom,
  loadDetector,
  clearOnScan = true,
  showResult = true,
  id,
  className,
  disabled,
}: ScanFieldProps) {
  const texts = { ...defaultScanFieldTexts, ...custom };
  const fallbackId = React.useId();
  const inputId = id ?? fallbackId;
  const [value, setValue] = React.useState('');
  const [outcome, setOutcome] = React.useState<Outcome>(null);
  const [camera, setCamera] = React.useState<'off' | 'on' | 'unavailable'>('off');
  const input = React.useRef<HTMLInputElement>(null);
  const video = React.useRef<HTMLVideoElement>(null);
  const stream = React.useRef<MediaStream | null>(null);
  const cameraPossible =
    loadDetector !== undefined && typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

  const read = React.useCallback(
    (text: string) => {
      const raw = text.split(GS_SYMBOL).join(GS);
      if (raw.trim() === '') return;
      const parsed = parseUdi(raw);
      if (parsed.ok) {
        setOutcome({ ok: true, parsed });
        if (clearOnScan) setValue('');
        onScan(parsed, raw);
      } else {
        setOutcome({ ok: false, refusal: parsed });
        onProblem?.(parsed, raw);
      }
    },
    [clearOnScan, onScan, onProblem],
  );

  function insertSeparator(target: HTMLInputElement) {
    const start = target.selectionStart ?? value.length;
    const end = target.selectionEnd ?? value.length;
    const next = value.slice(0, start) + GS_SYMBOL + value.slice(end);
    setValue(next);
    requestAnimationFrame(() => target.setSelectionRange(start + 1, start + 1));
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    // Ctrl+] is how a wedge types GS on a US keyboard; some send the key "GroupSeparator" itself.
    if ((event.ctrlKey && (event.key === ']' || event.code === 'BracketRight')) || event.key === 'GroupSeparator') {
      event.preventDefault();
      insertSeparator(event.currentTarget);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      read(value);
    }
  }

  const stopCamera = React.useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    setCamera((c) => (c === 'on' ? 'off' : c));
  }, []);

  React.useEffect(() => stopCamera, [stopCamera]);

  async function startCamera() {
    if (!loadDetector) return;
    try {
      const [detector, media] = await Promise.all([
        loadDetector(),
        navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } }),
      ]);
      stream.current = media;
      setCamera('on');
      requestAnimationFrame(async () => {
        const el = video.current;
        if (!el) return;
        el.srcObject = media;
        await el.play().catch(() => undefined);
        const tick = async () => {
          if (!stream.current) return;
          const codes = await detector.detect(el).catch(() => []);
          const code = codes.find((c) => c.rawValue);
          if (code) {
            stopCamera();
            read(code.rawValue);
            return;
          }
          setTimeout(() => void tick(), 200);
        };
        void tick();
      });
    } catch {
      stopCamera();
      setCamera('unavailable');
    }
  }

  const parsed = outcome?.ok ? outcome.parsed : null;
  const rows: [string, string | number | undefined][] = parsed
    ? [
        [texts.gtin, parsed.gtin],
        [texts.di, parsed.gtin ? undefined : parsed.di],
        [texts.labeler, parsed.labeler],
        [texts.product, parsed.product],
        [texts.lot, parsed.lot],
        [texts.serial, parsed.serial],
        [texts.expiry, parsed.expiry],
        [texts.production, parsed.production],
        [texts.quantity, parsed.quantity],
      ]
    : [];

  return (
    <div className={cn('grid gap-2', className)} data-slot="scan-field">
      <label htmlFor={inputId} className="font-medium text-sm">
        {texts.label}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          ref={input}
          id={inputId}
          type="text"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          className={cn(inputClassName, 'min-w-0 flex-1 basis-56 font-mono')}
          placeholder={texts.placeholder}
          value={value}
          aria-invalid={outcome?.ok === false ? true : undefined}
          aria-describedby={outcome ? `${inputId}-result` : undefined}
          onChange={(e) => setValue(e.target.value.split(GS).join(GS_SYMBOL))}
          onKeyDown={onKeyDown}
          data-testid="scan-input"
        />
        <Button type="button" variant="outline" disabled={disabled} onClick={() => read(value)}>
          <ScanLineIcon aria-hidden className="size-4" />
          {texts.scan}
        </Button>
        {cameraPossible ? (
          camera === 'on' ? (
            <Button type="button" variant="outline" onClick={stopCamera}>
              <XIcon aria-hidden className="size-4" />
              {texts.stopCamera}
            </Button>
          ) : (
            <Button type="button" variant="outline" disabled={disabled} onClick={() => void startCamera()}>
              <CameraIcon aria-hidden className="size-4" />
              {texts.camera}
            </Button>
          )
        ) : null}
      </div>
      {camera === 'on' ? (
        <video ref={video} className="max-h-64 w-full rounded-md bg-black object-contain" playsInline muted />
      ) : null}
      {camera === 'unavailable' ? (
        <p role="status" className="text-muted-foreground text-sm">
          {texts.cameraUnavailable}
        </p>
      ) : null}
      {showResult && outcome ? (
        <div id={`${inputId}-result`} data-testid="scan-result" role={outcome.ok ? 'status' : undefined}>
          {outcome.ok ? (
            <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
              {rows
                .filter(([, v]) => v !== undefined && v !== '')
                .map(([label, v]) => (
                  <React.Fragment key={label}>
                    <dt className="text-muted-foreground">{label}</dt>
                    <dd className="break-all font-mono">{v}</dd>
                  </React.Fragment>
                ))}
            </dl>
          ) : (
            <p role="alert" className="text-destructive text-sm">
              {texts.problem(outcome.refusal)}
            </p>
          )}
        </div>
      ) : null}
    </div>
  );
}
