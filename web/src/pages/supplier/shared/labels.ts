import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { CommunicationType } from '../../../api/communications';

/** Translated words for the communication vocabularies (spec §3, §4, §9). */
export function useLabels() {
  const { t } = useLingui();
  return useMemo(() => {
    const subtypes: Record<string, string> = {
      REMOVAL: t`Removal`,
      PRODUCTADVISORY: t`Product Advisory`,
      CORRECTION: t`Correction`,
      FIELDSAFETYNOTICE: t`Field Safety Notice`,
      BACKORDER: t`Backorder`,
      SHORTAGE: t`Shortage`,
      DISCONTINUATION: t`Discontinuation`,
      MARKETEVENT: t`Market Event`,
      GENERALINFORMATION: t`General Information`,
      ALLOCATION: t`Allocation`,
      PRODUCTORKITCHANGE: t`Product or Kit change`,
    };
    const classifications: Record<string, string> = {
      CLASSI: t`Class I`,
      CLASSII: t`Class II`,
      CLASSIII: t`Class III`,
      NOT_YET_CLASSIFIED: t`Not Yet Classified`,
    };
    const dispositions: Record<string, string> = { Destroyed: t`Destroyed`, None: t`None`, Returned: t`Returned` };
    const leadTimes: Record<string, string> = {
      '< 2 weeks': t`< 2 weeks`,
      '2-4 weeks': t`2-4 weeks`,
      '> month': t`> month`,
      '> quarter': t`> quarter`,
    };
    const reasons: Record<string, string> = {
      'Force de Majeure': t`Force de Majeure`,
      'Plant closure': t`Plant closure`,
      'Raw material shortage': t`Raw material shortage`,
      'SKU rationalization': t`SKU rationalization`,
      'Quality issue': t`Quality issue`,
    };
    const actionTypes: Record<string, string> = {
      Acknowledge: t`Acknowledge`,
      Text: t`Text`,
      Numeric: t`Numeric`,
      YesNo: t`Yes / No`,
      Checkbox: t`Checkbox`,
      MultipleChoice: t`Multiple choice`,
      Image: t`Image`,
      Document: t`Document`,
    };
    const statuses: Record<string, string> = {
      DRAFT: t`Draft`,
      OPEN: t`Open`,
      CLOSED: t`Closed`,
      COMPLETED: t`Completed`,
      NOTCOMPLETED: t`In Progress`,
      SENT: t`Sent`,
      DELIVERY: t`Delivered`,
      ERROR: t`Error`,
      ACTIVE: t`Active`,
      INACTIVE: t`Deactivated`,
      PENDING: t`Pending`,
      'IN PROGRESS': t`In Progress`,
      COVERED: t`Covered`,
      EMAILED: t`Emailed`,
      NON_COVERED: t`Not Covered`,
      INVALID: t`Invalid`,
      UNABLE_PROCESSED: t`Unrecognized`,
      VERIFIED: t`Verified`,
      VERIFICATION: t`Verification Email Sent`,
      NONVERIFIED: t`Non Verified`,
      DEACTIVATED: t`Deactivated`,
      LOCKED: t`Locked`,
    };
    return { subtypes, classifications, dispositions, leadTimes, reasons, actionTypes, statuses };
  }, [t]);
}

export type Labels = ReturnType<typeof useLabels>;

export function toOptions(map: Record<string, string>, keys?: readonly string[]) {
  return (keys ?? Object.keys(map)).map((value) => ({ value, label: map[value] ?? value }));
}

export const RECALL_SUBTYPES = ['REMOVAL', 'PRODUCTADVISORY', 'CORRECTION', 'FIELDSAFETYNOTICE'] as const;
export const ADVISORY_SUBTYPES = [
  'BACKORDER',
  'SHORTAGE',
  'DISCONTINUATION',
  'MARKETEVENT',
  'GENERALINFORMATION',
  'ALLOCATION',
  'PRODUCTORKITCHANGE',
] as const;

/** Base path of the list, wizard and view pages of a type. */
export function basePath(type: CommunicationType): string {
  return type === 'RECALL' ? '/supplier/recalls' : '/supplier/product-disruption';
}
