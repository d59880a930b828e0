import { useLingui } from '@lingui/react/macro';
import { ScanField, type ScanFieldProps, type ScanFieldTexts } from '@portal/design-system';
import type { UdiRefused } from '@portal/vocabulary';
import { loadBarcodeDetector } from './detector';

/** The sentence for a string that is not a UDI, in the reader's language. */
export function useUdiProblemText(): (r: UdiRefused) => string {
  const { t } = useLingui();
  return (r) => {
    const ai = r.ai ?? '';
    const expected = r.expected ?? '';
    const max = r.max ?? '';
    switch (r.reason) {
      case 'EMPTY':
        return t`Nothing was scanned.`;
      case 'UNKNOWN_FORMAT':
        return t`Not a GS1 or HIBCC barcode.`;
      case 'UNKNOWN_AI':
        return t`Unknown application identifier ${ai}.`;
      case 'TRUNCATED':
        return ai ? t`The barcode is cut short (AI ${ai}).` : t`The barcode is cut short.`;
      case 'TOO_LONG':
        return t`A value is too long: at most ${max} characters.`;
      case 'BAD_CHARACTER':
        return t`A character is not allowed in this barcode.`;
      case 'BAD_CHECK_DIGIT':
        return t`Wrong check digit (AI ${ai}): expected ${expected}.`;
      case 'BAD_DATE':
        return t`A date in the barcode is not a real date.`;
      case 'BAD_LABELER':
        return t`The HIBC labeler code must be a letter and three letters or digits.`;
      case 'BAD_CHECK_CHARACTER':
        return t`Wrong HIBC check character: expected ${expected}.`;
      case 'UNSUPPORTED':
        return t`ISBT 128 barcodes are not read.`;
    }
  };
}

/** The design system's words of a scan field in the reader's language. */
export function useScanTexts(label?: string): ScanFieldTexts {
  const { t } = useLingui();
  const problem = useUdiProblemText();
  return {
    label: label ?? t`Scan a barcode`,
    placeholder: t`Scan or type a UDI, then Enter`,
    scan: t`Read`,
    camera: t`Use the camera`,
    stopCamera: t`Stop the camera`,
    cameraUnavailable: t`The camera cannot be used here.`,
    gtin: t`GTIN`,
    di: t`Device identifier`,
    lot: t`Lot`,
    serial: t`Serial`,
    expiry: t`Expiry`,
    production: t`Production date`,
    labeler: t`Labeler`,
    product: t`Product`,
    quantity: t`Quantity`,
    problem,
  };
}

/**
 * The scan field to drop in wherever units are counted (the item master, a recall's answers, the public notice's
 * per-unit rows): a keyboard wedge or, on a phone, the camera. `onScan(parsed)` gets the GTIN or DI, lot, serial and
 * expiry read.
 */
export function UdiScanField({ label, ...props }: Omit<ScanFieldProps, 'texts' | 'loadDetector'> & { label?: string }) {
  const texts = useScanTexts(label);
  return <ScanField {...props} texts={texts} loadDetector={loadBarcodeDetector} />;
}
