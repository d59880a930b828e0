import { vocabularyLabel } from '@portal/vocabulary';
import type { Knex } from 'knex';
import { type FileResult, pagedBatches, type ReportColumn, reportFile, sheet } from '@portal/core';
import { listPages, MAX_REPORT_ROWS } from './reports.js';
import {
  joinAdministrator,
  type OrganizationListQuery,
  organizationRows,
  providerList,
  type SiteRow,
} from './operator-organization-reads.js';
import { notFound } from './operator-organizations.js';

// ---- provider account data and report ----

/** One line of the Provider Account Report: a health system or one of its sites. */
export interface ProviderAccountLine extends SiteRow {
  health_system: string;
  is_site: boolean;
  is_sso: boolean;
  is_notisphere_managed: boolean;
  requires_second_factor: boolean;
  admin_name: string | null;
  admin_email: string | null;
  admin_status: string | null;
  user_count: number;
  created_at: Date;
}

const accountSelect = (db: Knex) => [
  'o.id',
  'o.name',
  'o.notisphere_id',
  'o.address1',
  'o.address2',
  'o.city',
  'o.state',
  'o.zip',
  'o.phone',
  'o.email',
  'o.status',
  'o.is_sso',
  'o.is_notisphere_managed',
  'o.requires_second_factor',
  'o.created_at',
  'adm.name as admin_name',
  'adm.email as admin_email',
  'adm.status as admin_status',
  db.raw(
    `(SELECT count(*)::int FROM memberships m WHERE m.organization_id = o.id AND m.status <> 'DELETED') AS user_count`,
  ),
];

/** The account lines of the given health systems, each followed by its sites (sites have their own users, if any). */
async function accountLines(db: Knex, systems: { id: number; name: string }[]): Promise<ProviderAccountLine[]> {
  if (!systems.length) return [];
  const ids = systems.map((s) => s.id);
  const q = db('organizations as o').whereRaw('(o.id = ANY(?) OR o.parent_id = ANY(?))', [ids, ids]);
  joinAdministrator(q);
  const rows = (await q.select([...accountSelect(db), 'o.parent_id'])) as (ProviderAccountLine & {
    parent_id: number | null;
  })[];
  const names = new Map(systems.map((s) => [s.id, s.name]));
  const lines: ProviderAccountLine[] = [];
  for (const system of systems) {
    const own = rows.find((r) => r.id === system.id);
    if (own) lines.push({ ...own, health_system: system.name, is_site: false });
    for (const site of rows
      .filter((r) => r.parent_id === system.id)
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id))
      lines.push({ ...site, health_system: names.get(system.id)!, is_site: true });
  }
  return lines;
}

/** GET /providerdocdata/:id: one provider's account data (the Provider Account Report's lines of that health system). */
export async function providerAccountData(
  db: Knex,
  id: number,
): Promise<{ provider: { id: number; name: string }; lines: ProviderAccountLine[] }> {
  const system = (await db('organizations')
    .where({ id, type: 'PROVIDER' })
    .whereNull('parent_id')
    .first('id', 'name')) as { id: number; name: string } | undefined;
  if (!system) throw notFound('PROVIDER');
  return { provider: system, lines: await accountLines(db, [system]) };
}

function accountColumns(): ReportColumn<ProviderAccountLine>[] {
  const yesNo = (v: boolean) => (v ? 'Yes' : 'No');
  return [
    { header: 'Health System', value: (r) => r.health_system, width: 32 },
    { header: 'Site', value: (r) => (r.is_site ? r.name : ''), width: 32 },
    { header: 'Notisphere ID', value: (r) => r.notisphere_id },
    { header: 'Address 1', value: (r) => r.address1, width: 28 },
    { header: 'Address 2', value: (r) => r.address2 },
    { header: 'City', value: (r) => r.city },
    { header: 'State', value: (r) => r.state },
    { header: 'Zip', value: (r) => r.zip },
    { header: 'Phone', value: (r) => r.phone },
    { header: 'Email', value: (r) => r.email, width: 28 },
    { header: 'Status', value: (r) => vocabularyLabel('organizationStatus', r.status) },
    { header: 'SSO', value: (r) => yesNo(r.is_sso) },
    { header: 'Notisphere Managed', value: (r) => yesNo(r.is_notisphere_managed) },
    { header: 'Second Factor', value: (r) => yesNo(r.requires_second_factor) },
    { header: 'Administrator', value: (r) => r.admin_name },
    { header: 'Administrator Email', value: (r) => r.admin_email, width: 28 },
    { header: 'Administrator Status', value: (r) => vocabularyLabel('userStatus', r.admin_status) },
    { header: 'Users', value: (r) => r.user_count, kind: 'number' },
    { header: 'Created', value: (r) => r.created_at, kind: 'datetime' },
  ];
}

/**
 * GET /downloadprovideraccountcsv and /downloadprovideraccountxlsx ("Provider Account Report MM-DD-YYYY"): the
 * provider list's health systems (same filters, search and sort), each followed by its sites, streamed in batches.
 */
export async function downloadProviderAccounts(
  db: Knex,
  raw: OrganizationListQuery,
  format: 'csv' | 'xlsx',
  timezone: string,
  onError: (err: unknown) => void,
): Promise<FileResult> {
  const { q, rest } = organizationRows(db, 'PROVIDER', raw);
  const systems = listPages<{ id: number; name: string }>(q, rest, providerList, 'o.id', (qb) =>
    qb.select('o.id', 'o.name'),
  );
  // 500 health systems a batch: each brings its sites along.
  async function* batches(): AsyncGenerator<ProviderAccountLine[]> {
    for await (const page of pagedBatches(systems, MAX_REPORT_ROWS, 500)) {
      const lines = await accountLines(db, page);
      if (lines.length) yield lines;
    }
  }
  return reportFile(
    'Provider Account Report',
    format,
    [sheet({ name: 'Provider Accounts', columns: accountColumns(), rows: batches() })],
    timezone,
    onError,
  );
}
