import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import {
  labelledCodes,
  type ManagedVocabulary,
  vocabularyLabel,
  type Locale as VocabularyLocale,
  type Vocabulary,
} from '@portal/vocabulary';
import type { DatePickerTexts, RichTextEditorTexts } from '@portal/design-system';
import type { CommunicationType } from '../../api/communications';
import { lookupPickerOptions, useLookupVersion } from '../../api/lookups';
import { authAtom } from '../../state/auth';

/** The language of the vocabulary's words for an app locale (the pseudo locale reads English). */
export function vocabularyLocale(locale: string): VocabularyLocale {
  return locale === 'vi' ? 'vi' : 'en';
}

function words(vocabulary: Vocabulary, locale: VocabularyLocale): Record<string, string> {
  // Every code the vocabulary can label: for a managed one, inactive values too (old records keep their words).
  return Object.fromEntries(labelledCodes(vocabulary).map((code) => [code, vocabularyLabel(vocabulary, code, locale)]));
}

/**
 * Words for the communication vocabularies (spec §3, §4, §9) in the active language, from the one vocabulary map
 * (@portal/vocabulary) the server's emails and reports also use; other statuses (users, jobs, mail) are messages.
 */
export function useLabels() {
  const { t, i18n } = useLingui();
  const locale = vocabularyLocale(i18n.locale);
  // Rebuilt when the managed lookup values arrive or change.
  const version = useLookupVersion();
  const { orgId } = useAtomValue(authAtom);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the managed values' install count
  return useMemo(() => {
    const pick = (vocabulary: ManagedVocabulary) => lookupPickerOptions(vocabulary, locale, orgId);
    /** What pickers offer: ACTIVE values in the operator's order (the platform's and the caller's own). */
    const pickers = {
      recallSubtypes: pick('recallSubtype'),
      disruptionSubtypes: pick('disruptionSubtype'),
      classifications: pick('classification'),
      dispositions: pick('disposition'),
      leadTimes: pick('leadTime'),
      reasons: pick('reason'),
      responseMethods: pick('responseMethod'),
    };
    const subtypes = { ...words('recallSubtype', locale), ...words('disruptionSubtype', locale) };
    const classifications = words('classification', locale);
    const dispositions = words('disposition', locale);
    const leadTimes = words('leadTime', locale);
    const reasons = words('reason', locale);
    const actionTypes = words('actionType', locale);
    const communicationTypes = words('communicationType', locale);
    const recipientSources = words('recipientSource', locale);
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
    /** Where a recipient's notice email is (the Delivery tab). */
    const deliveryStatuses: Record<string, string> = {
      SCHEDULED: t`Scheduled`,
      QUEUED: t`Queued`,
      SENT: t`Sent`,
      OPENED: t`Opened`,
      CLICKED: t`Clicked`,
      BOUNCED: t`Bounced`,
      ERROR: t`Error`,
      NOT_OPENED: t`Not opened`,
      NOT_ACKNOWLEDGED: t`Not acknowledged`,
    };
    /** An outbox email's status (the provider's notification history); the outbox writes Bounce in mixed case. */
    const mailStatuses: Record<string, string> = {
      DRAFT: t`Draft`,
      DELIVERY: t`Queued`,
      SENT: t`Sent`,
      BOUNCE: t`Bounced`,
      Bounce: t`Bounced`,
      ERROR: t`Error`,
      ERROR_MISSING_TEMPLATE: t`Not sent: no template`,
    };
    /** What happened to a sent email (the mail tracking). */
    const mailEvents: Record<string, string> = {
      Sent: t`Sent`,
      Delivered: t`Delivered`,
      Opened: t`Opened`,
      Click: t`Clicked`,
      Error: t`Error`,
    };
    /** The reminder plans an organisation keeps: one per recall class, one for supply advisories. */
    const reminderPlans: Record<string, string> = {
      CLASSI: classifications.CLASSI ?? 'CLASSI',
      CLASSII: classifications.CLASSII ?? 'CLASSII',
      CLASSIII: classifications.CLASSIII ?? 'CLASSIII',
      ADVISORY: t`Supply Advisory`,
    };
    return {
      subtypes,
      classifications,
      dispositions,
      leadTimes,
      reasons,
      actionTypes,
      communicationTypes,
      recipientSources,
      statuses,
      fdaStatuses,
      fdaClassifications,
      deliveryStatuses,
      mailStatuses,
      mailEvents,
      reminderPlans,
      pickers,
      /** A product field's name or list value: the built-in ones in the reader's language, others as typed. */
      productFieldWord: (text: string) => vocabularyLabel('productFieldWord', text, locale),
    };
  }, [t, locale, orgId, version]);
}

export type Labels = ReturnType<typeof useLabels>;

export function toOptions(map: Record<string, string>, keys?: readonly string[]) {
  return (keys ?? Object.keys(map)).map((value) => ({ value, label: map[value] ?? value }));
}

/**
 * A picker's options plus the record's current value when it is no longer offered (a deactivated lookup value keeps
 * its label on the records that hold it, and stays chosen there).
 */
export function withCurrent(
  options: { value: string; label: string }[],
  words: Record<string, string>,
  current: string | null | undefined,
) {
  if (!current || options.some((o) => o.value === current)) return options;
  return [...options, { value: current, label: words[current] ?? current }];
}

/** Base path of the list, wizard and view pages of a type. */
export function basePath(type: CommunicationType): string {
  return type === 'RECALL' ? '/supplier/recalls' : '/supplier/product-disruption';
}

/** A known provider's identifier as lists show it: its kind's word, then its value ("Mã khách hàng 1042"). */
export function identifierText(identifier: { kind: string; value: string }, locale: string): string {
  return `${vocabularyLabel('identifierKind', identifier.kind, vocabularyLocale(locale))} ${identifier.value}`;
}

/** The rich text editor's toolbar words, translated (every editor of the app passes them). */
export function useEditorTexts(): RichTextEditorTexts {
  const { t } = useLingui();
  return {
    bold: t`Bold`,
    italic: t`Italic`,
    bulletList: t`Bullet list`,
    orderedList: t`Numbered list`,
    toolbar: t`Formatting`,
  };
}

/** The date pickers' words, translated. */
export function useDateTexts(): DatePickerTexts {
  const { t } = useLingui();
  return {
    placeholder: t`MM/DD/YYYY`,
    openCalendar: t`Open calendar`,
    notApplicable: t`Not Applicable`,
    clear: t`Clear`,
    invalid: t`Invalid date`,
    chooseDate: t`Choose date`,
    // Appended to the chosen day's accessible name.
    selected: t`selected`,
  };
}
