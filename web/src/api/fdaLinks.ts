import type { ResponseData } from './contract';

/** An FDA record an event names, as the event's views carry it (`fda_records`). */
export type LinkedFdaRecord = NonNullable<
  ResponseData<'getProviderCommunicationsIdProviderRecallX'>['fda_records']
>[number];

/** A recall number as a supplier may link it: Z-NNNN-YYYY (device) or D-NNNN-YYYY (drug). */
export const FDA_RECALL_NUMBER = /^[ZD]-\d{4}-\d{4}$/;

/** "z-1234-2020, D-0001-2021" → ['Z-1234-2020', 'D-0001-2021'] (separated by commas, spaces or lines). */
export function parseRecallNumbers(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
}
