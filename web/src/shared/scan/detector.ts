import type { BarcodeDetectorLike } from '@portal/design-system';

/** What a scan reads from the camera: GS1 DataMatrix, GS1-128 (Code 128) and QR codes. */
export const SCAN_FORMATS = ['data_matrix', 'code_128', 'qr_code'];

type NativeDetector = {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
};

/**
 * The browser's BarcodeDetector when it reads our formats; otherwise the `barcode-detector` polyfill (zxing-wasm),
 * loaded only now, with its WebAssembly served by us (the content security policy allows no other origin).
 */
export async function loadBarcodeDetector(): Promise<BarcodeDetectorLike> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetector }).BarcodeDetector;
  if (Native) {
    const supported: string[] | undefined = await Native.getSupportedFormats?.().catch(() => [] as string[]);
    if (supported && SCAN_FORMATS.every((f) => supported.includes(f))) return new Native({ formats: SCAN_FORMATS });
  }
  const [{ BarcodeDetector, setZXingModuleOverrides }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  setZXingModuleOverrides({
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  });
  return new BarcodeDetector({ formats: SCAN_FORMATS as never });
}
