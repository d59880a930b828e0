import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { codes, vocabularyLabel, type Locale as VocabularyLocale, type Vocabulary } from '@portal/vocabulary';
import type { CommunicationType } from '../../../api/communications';

/** The language of the vocabulary's words for an app locale (the pseudo locale reads English). */
export function vocabularyLocale(locale: string): VocabularyLocale {
  return locale === 'vi' ? 'vi' : 'en';
}

function words(vocabulary: Vocabulary, locale: VocabularyLocale): Record<string, string> {
  return Object.fromEntries(codes(vocabulary).map((code) => [code, vocabularyLabel(vocabulary, code, locale)]));
}

/**
 * Words for the communication vocabularies (spec §3, §4, §9) in the active language, from the one vocabulary map
 * (@portal/vocabulary) the server's emails and reports also use; other statuses (users, jobs, mail) are messages.
 */
export function useLabels() {
  const { t, i18n } = useLingui();
  const locale = vocabularyLocale(i18n.locale);
  return useMemo(() => {
    const subtypes = { ...words('recallSubtype', locale), ...words('disruptionSubtype', locale) };
    const classifications = words('classification', locale);
    const dispositions = words('disposition', locale);
    const leadTimes = words('leadTime', locale);
    const reasons = words('reason', locale);
    const actionTypes = words('actionType', locale);
    const communicationTypes = words('communicationType', locale);
    const statuses: Record<string, string> = {
      ...words('communicationStatus', locale),
      ...words('responseStatus', locale),
      ...words('locationStatus', locale),
      SENT: t`Sent`,
      DELIVERY: t`Delivered`,
      ERROR: t`Error`,
      ACTIVE: t`Active`,
      INACTIVE: t`Deactivated`,
      PENDING: t`Pending`,
      'IN PROGRESS': t`In Progress`,
      VERIFIED: t`Verified`,
      VERIFICATION: t`Verification Email Sent`,
      NONVERIFIED: t`Non Verified`,
      DEACTIVATED: t`Deactivated`,
      LOCKED: t`Locked`,
    };
    const fdaStatuses = words('fdaStatus', locale);
    const fdaClassifications = words('fdaClassification', locale);
    return {
      subtypes,
      classifications,
      dispositions,
      leadTimes,
      reasons,
      actionTypes,
      communicationTypes,
      statuses,
      fdaStatuses,
      fdaClassifications,
    };
  }, [t, locale]);
}

export type Labels = ReturnType<typeof useLabels>;

export function toOptions(map: Record<string, string>, keys?: readonly string[]) {
  return (keys ?? Object.keys(map)).map((value) => ({ value, label: map[value] ?? value }));
}

export const RECALL_SUBTYPES = codes('recallSubtype');
export const ADVISORY_SUBTYPES = codes('disruptionSubtype');

/** Base path of the list, wizard and view pages of a type. */
export function basePath(type: CommunicationType): string {
  return type === 'RECALL' ? '/supplier/recalls' : '/supplier/product-disruption';
}
