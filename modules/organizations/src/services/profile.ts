import type { Knex } from 'knex';
import {
  type Actor,
  checkUpload,
  type Config,
  type FileStore,
  IMAGE_EXTENSIONS,
  newFileKey,
  NotFoundError,
  recordAudit,
  signedUrls,
  ValidationError,
  transaction,
  type FromSchema,
} from '@portal/core';
import { checkFields, clean, joinDomains } from './common.js';
import { Organization } from '../models/Organization.js';
import type { organizationBody } from '../schemas.js';

/** The organisation's own columns (`profile_photo` is the stored file key of the logo) and signed links to the logo. */
export type OrganizationProfile = Pick<Organization, (typeof COLUMNS)[number]> & {
  profile_photo_url: { signed_url: string; signed_url_review: string } | null;
  /** The public self-registration page of the organisation (set by the operator), or null when closed. */
  self_registration_url: string | null;
};

export type ProfileInput = FromSchema<typeof organizationBody>;

const COLUMNS = [
  'id',
  'type',
  'name',
  'status',
  'notisphere_id',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'country',
  'phone',
  'email',
  'domain',
  'profile_photo',
  'self_registration_link',
  'two_factor',
  'updated_at',
] as const;
const EDITABLE = [
  'name',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'country',
  'phone',
  'email',
  'domain',
  'two_factor',
] as const;

/** The caller's own organisation, with signed links to its logo. */
export async function getOwnOrganization(db: Knex, actor: Actor, config: Config): Promise<OrganizationProfile> {
  const org = await Organization.query(db).findById(actor.organizationId).select(COLUMNS);
  if (!org) throw new NotFoundError('ORGANIZATION_NOT_FOUND');
  const photo =
    org.profile_photo && !/^(https?:|\/)/.test(org.profile_photo)
      ? signedUrls(config.jwtSecret, org.profile_photo, `logo.${org.profile_photo.split('.').pop() ?? 'png'}`)
      : null;
  const link = org.self_registration_link;
  const selfRegistrationUrl = link ? `${config.appUrl}/registration/${encodeURIComponent(link)}` : null;
  return { ...org, profile_photo_url: photo, self_registration_url: selfRegistrationUrl };
}

export async function updateOwnOrganization(
  db: Knex,
  actor: Actor,
  config: Config,
  input: ProfileInput,
): Promise<OrganizationProfile> {
  checkFields(input as unknown as Record<string, unknown>, {
    phone: 'phone',
    email: 'email',
    domain: 'domain',
    zip: 'zip',
  });
  const values = clean(Object.fromEntries(EDITABLE.filter((k) => input[k] !== undefined).map((k) => [k, input[k]])));
  if (values.domain !== undefined) values.domain = joinDomains(values.domain);
  if (!values.name) throw ValidationError.field('name', 'PROPERTY_REQUIRED', { property: 'name' });
  await transaction(db, async (trx) => {
    const before = await Organization.query(trx).findById(actor.organizationId).forUpdate().select(EDITABLE);
    await Organization.query(trx).findById(actor.organizationId).patch(values);
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: 'ORGANIZATION_UPDATED',
      entityType: 'organization',
      entityId: actor.organizationId,
      before,
      after: values,
    });
  });
  return getOwnOrganization(db, actor, config);
}

/** Replaces the organisation's logo (spec §5 image rules: .png or .jpg, checked by content too). */
export async function uploadProfilePhoto(
  db: Knex,
  actor: Actor,
  config: Config,
  store: FileStore,
  files: { field: string; name: string; data: Buffer }[],
): Promise<OrganizationProfile> {
  const file = files[0];
  if (!file) throw new ValidationError('UPLOAD_FAILED');
  const upload = await checkUpload(file, IMAGE_EXTENSIONS, 'UNSUPPORTED_FILE_TYPE.image', 5 * 1024 * 1024);
  const key = newFileKey(`organizations/${actor.organizationId}/profile`, upload.name);
  await store.put(key, upload.data);
  try {
    await transaction(db, async (trx) => {
      const before = await Organization.query(trx).findById(actor.organizationId).forUpdate().select('profile_photo');
      await Organization.query(trx).findById(actor.organizationId).patch({ profile_photo: key });
      await recordAudit(trx, actor, {
        organizationId: actor.organizationId,
        action: 'ORGANIZATION_PHOTO_UPDATED',
        entityType: 'organization',
        entityId: actor.organizationId,
        before,
        after: { profile_photo: key, name: upload.name, size: upload.size },
      });
    });
  } catch (error) {
    await store.remove(key);
    throw error;
  }
  return getOwnOrganization(db, actor, config);
}
