import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { formatDate } from '../lists/table';

/**
 * The FDA record window's sections (issue 36 item 13): openFDA's fields of device recalls, device and drug enforcement
 * reports, in a reading order, each with its label; dates in the reader's format. A field openFDA adds later lands in
 * "Other fields" under a readable name rather than its raw key.
 */
export type FdaSectionId = 'recall' | 'dates' | 'product' | 'reason' | 'firm' | 'openfda' | 'enforcement' | 'other';

export const FDA_SECTIONS: { id: Exclude<FdaSectionId, 'openfda' | 'enforcement' | 'other'>; fields: string[] }[] = [
  {
    id: 'recall',
    fields: [
      'recall_number',
      'product_res_number',
      'event_id',
      'res_event_number',
      'cfres_id',
      'status',
      'recall_status',
      'classification',
      'product_type',
      'voluntary_mandated',
      'initial_firm_notification',
      'action',
    ],
  },
  {
    id: 'dates',
    fields: [
      'recall_initiation_date',
      'event_date_initiated',
      'event_date_created',
      'event_date_posted',
      'report_date',
      'center_classification_date',
      'termination_date',
      'event_date_terminated',
    ],
  },
  {
    id: 'product',
    fields: [
      'product_description',
      'product_code',
      'product_quantity',
      'code_info',
      'more_code_info',
      'k_numbers',
      'pma_numbers',
      'other_submission_description',
      'distribution_pattern',
    ],
  },
  { id: 'reason', fields: ['reason_for_recall', 'root_cause_description'] },
  {
    id: 'firm',
    fields: [
      'recalling_firm',
      'firm_fei_number',
      'address_1',
      'address_2',
      'city',
      'state',
      'postal_code',
      'country',
      'additional_info_contact',
    ],
  },
];

/** The openfda block's fields, in order (devices first, then drugs). */
export const OPENFDA_FIELDS = [
  'device_name',
  'device_class',
  'medical_specialty_description',
  'regulation_number',
  'k_number',
  'registration_number',
  'fei_number',
  'brand_name',
  'generic_name',
  'manufacturer_name',
  'substance_name',
  'route',
  'product_type',
  'product_ndc',
  'package_ndc',
  'application_number',
  'is_original_packager',
  'original_packager_product_ndc',
  'pharm_class_epc',
  'pharm_class_moa',
  'pharm_class_cs',
  'pharm_class_pe',
  'rxcui',
  'unii',
  'upc',
  'nui',
  'spl_id',
  'spl_set_id',
];

/** What a device recall's window shows of the enforcement report of its number. */
export const ENFORCEMENT_FIELDS = [
  'recall_number',
  'classification',
  'status',
  'center_classification_date',
  'report_date',
  'voluntary_mandated',
  'initial_firm_notification',
];

const DATE_FIELDS = new Set(FDA_SECTIONS.find((s) => s.id === 'dates')!.fields);

/** A field's value as a line of text: lists joined, dates (YYYYMMDD or YYYY-MM-DD) in the reader's format. */
export function fdaValueText(field: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((v) => fdaValueText(field, v)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  if (DATE_FIELDS.has(field)) {
    const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(text.trim());
    if (m) return formatDate(`${m[1]}-${m[2]}-${m[3]}`);
  }
  return text;
}

/** A field openFDA added that this map does not know: "some_new_field" reads "Some new field". */
export function readableFieldName(field: string): string {
  const words = field.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The words of the sections and of every known field, in the reader's language. */
export function useFdaFieldWords() {
  const { t, i18n } = useLingui();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the words change with the locale only
  return useMemo(() => {
    const sections: Record<FdaSectionId, string> = {
      recall: t`Recall`,
      dates: t`Dates`,
      product: t`Product`,
      reason: t`Reason`,
      firm: t`Recalling firm`,
      openfda: t`openFDA details`,
      enforcement: t`Enforcement report of this recall`,
      other: t`Other fields`,
    };
    const recallNumber = t`Recall Number`;
    const eventNumber = t`Event Number`;
    const status = t`Status`;
    const initiated = t`Initiation Date`;
    const terminated = t`Termination Date`;
    const kNumbers = t`510(k) Numbers`;
    const productType = t`Product Type`;
    const fields: Record<string, string> = {
      recall_number: recallNumber,
      product_res_number: recallNumber,
      event_id: eventNumber,
      res_event_number: eventNumber,
      cfres_id: t`FDA database ID`,
      status,
      recall_status: status,
      classification: t`Classification`,
      product_type: productType,
      voluntary_mandated: t`Voluntary or Mandated`,
      initial_firm_notification: t`Initial Firm Notification`,
      action: t`Action Taken`,
      recall_initiation_date: initiated,
      event_date_initiated: initiated,
      event_date_created: t`Created`,
      event_date_posted: t`Posted`,
      report_date: t`Report Date`,
      center_classification_date: t`Classification Date`,
      termination_date: terminated,
      event_date_terminated: terminated,
      product_description: t`Product Description`,
      product_code: t`Product Code`,
      product_quantity: t`Product Quantity`,
      code_info: t`Code Information`,
      more_code_info: t`More Code Information`,
      k_numbers: kNumbers,
      pma_numbers: t`PMA Numbers`,
      other_submission_description: t`Other Submission`,
      distribution_pattern: t`Distribution Pattern`,
      reason_for_recall: t`Reason for Recall`,
      root_cause_description: t`Root Cause`,
      recalling_firm: t`Recalling Firm`,
      firm_fei_number: t`Firm FEI Number`,
      address_1: t`Address`,
      address_2: t`Address (line 2)`,
      city: t`City`,
      state: t`State`,
      postal_code: t`Postal Code`,
      country: t`Country`,
      additional_info_contact: t`Contact`,
    };
    const openfda: Record<string, string> = {
      device_name: t`Device Name`,
      device_class: t`Device Class`,
      medical_specialty_description: t`Medical Specialty`,
      regulation_number: t`Regulation Number`,
      k_number: kNumbers,
      registration_number: t`Registration Numbers`,
      fei_number: t`FEI Numbers`,
      brand_name: t`Brand Name`,
      generic_name: t`Generic Name`,
      manufacturer_name: t`Manufacturer`,
      substance_name: t`Substance`,
      route: t`Route`,
      product_type: productType,
      product_ndc: t`Product NDC`,
      package_ndc: t`Package NDC`,
      application_number: t`Application Number`,
      is_original_packager: t`Original Packager`,
      original_packager_product_ndc: t`Original Packager NDC`,
      pharm_class_epc: t`Established Pharmacologic Class`,
      pharm_class_moa: t`Mechanism of Action`,
      pharm_class_cs: t`Chemical Structure`,
      pharm_class_pe: t`Physiologic Effect`,
      rxcui: 'RxCUI',
      unii: 'UNII',
      upc: 'UPC',
      nui: 'NUI',
      spl_id: 'SPL ID',
      spl_set_id: 'SPL Set ID',
    };
    return { sections, fields, openfda };
  }, [i18n.locale]);
}
