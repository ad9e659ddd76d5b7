import type { CooperativeBrandView, CooperativeDetailView } from '@coopledger/shared/cooperative-views';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { koboOf, nairaFigure, toNaira } from '@coopledger/shared/money';
import { businessDate } from '@coopledger/shared/dates';
import { yearStartMonth } from '@coopledger/shared/financial-years';
import type { Role } from '@coopledger/shared/roles';
import { isStaffRole } from '@coopledger/shared/roles';
import type { CooperativeInput } from '@coopledger/shared/schemas/cooperative';
import { LOGO_TYPE_MESSAGE, MAX_LOGO_BYTES } from '@coopledger/shared/schemas/cooperative';
import { s3 } from '#core/clients';
import { config } from '#core/config';
import { rulesOf } from '#core/cooperative-rules';
import { TransactionConditionFailed, nowIso, partitionKeys, transactWrite } from '#core/db';
import { AppError, conflict, invalid, notFound } from '#core/errors';
import { newId } from '#core/ids';
import { keys, objectKeys } from '#core/keys';
import type { UploadedFile } from '#core/multipart';
import type { SniffedImage } from '#core/stored-files';
import { fileLink, sniffImage } from '#core/stored-files';
import { chartPuts } from '../chart/chart-store.ts';
import { glAccountsOf } from '../chart/coa-entity.ts';
import { glTotalsOf } from '../chart/gl-total-entity.ts';
import { listUsers } from '../users/user-store.ts';
import type { CooperativeRecord, CooperativeStats } from './cooperative-store.ts';
import { checkOpeningDate, checkYearStartMonth } from './cooperative-settings.ts';
import { cooperativePuts, findCooperative, statsOf, updateCooperative } from './cooperative-store.ts';
import { deleteKeys } from '#core/db';
import { membersCounted } from './cooperative-stats-entity.ts';
import { STANDARD_CHART } from './standard-chart.ts';
import {
  cooperativeChangeItem,
  cooperativeCounted,
  cooperativeDelete,
  cooperativePage,
  cooperativesOfStatus,
} from './cooperative-entity.ts';
import { cooperativeSearchWrites, cooperativeTokens, searchCooperatives } from './cooperative-search-entity.ts';
import { countMove } from '#core/list-counter-entity';
import type { ListPage, PageRequest } from '#core/list-page';
import { pageMeta, pageParams } from '#core/paging';
import { PLATFORM_TENANT } from '@coopledger/shared/roles';
import { searchWords } from '#core/search-tokens';

/** The logo as the image its bytes say it is (whatever type the client named); SVG is refused (it can hold script). */
function checkLogo(logo: UploadedFile): SniffedImage {
  if (logo.content.length > MAX_LOGO_BYTES) throw invalid('logo', 'The logo must be at most 2 MB');
  const image = sniffImage(logo.content);
  if (!image) throw invalid('logo', LOGO_TYPE_MESSAGE);
  return image;
}

async function storeLogo(cooperativeId: string, logo: UploadedFile, image: SniffedImage): Promise<string> {
  const key = objectKeys.cooperativeLogo(cooperativeId, newId(), image.extension);
  await s3().send(
    new PutObjectCommand({
      Bucket: config().filesBucket,
      Key: key,
      Body: logo.content,
      ContentType: image.contentType,
    }),
  );
  return key;
}

/** Money figures of a cooperative, from the ledger's all-time running totals (never recomputed from subledgers). */
async function ledgerFigures(cooperativeId: string) {
  const [accounts, totals] = await Promise.all([glAccountsOf(cooperativeId), glTotalsOf(cooperativeId)]);
  const purposeOf = new Map(accounts.map((a) => [a.code, a.purpose]));
  let savings = 0n;
  let loansDisbursed = 0n;
  let loansRepaid = 0n;
  for (const total of totals) {
    const purpose = purposeOf.get(total.gl_code);
    if (purpose === 'member_savings' || purpose === 'target_savings')
      savings += koboOf(total.credit) - koboOf(total.debit);
    if (purpose === 'member_loans') {
      loansDisbursed += koboOf(total.debit);
      loansRepaid += koboOf(total.credit);
    }
  }
  return { savings, loansDisbursed, loansRepaid };
}

/** A short-lived link to the logo, or null. */
async function logoUrl(record: CooperativeRecord): Promise<string | null> {
  return record.logo_key ? fileLink(record.logo_key) : null;
}

/**
 * What members and executives see of their cooperative: its name, code, logo and colours (the app
 * shell and their screens need no more); never its figures, member counts or contact details.
 */
export async function presentBrand(record: CooperativeRecord): Promise<CooperativeBrandView> {
  return {
    id: record.id,
    code: record.code,
    name: record.name,
    logo: await logoUrl(record),
    colors: JSON.stringify(record.colors),
  };
}

export async function presentCooperative(
  record: CooperativeRecord,
  stats?: CooperativeStats,
): Promise<CooperativeDetailView> {
  const figures = await ledgerFigures(record.id);
  const logo = await logoUrl(record);
  const active = stats?.members_active ?? 0;
  const inactive = stats?.members_inactive ?? 0;
  const rules = rulesOf(record);
  return {
    id: record.id,
    code: record.code,
    name: record.name,
    email: record.email,
    phone: record.phone,
    address: record.address,
    location: record.address,
    website: record.website ?? null,
    colors: JSON.stringify(record.colors),
    logo,
    status: record.status,
    created_at: record.created_at,
    opening_date: rules.openingDate,
    max_amount: toNaira(rules.maxAmount),
    exit_charge: toNaira(record.exit_charge ?? 0),
    year_start_month: yearStartMonth(record.year_start_month),
    closed_through: record.closed_through ?? null,
    meta: {
      activeMembers: active,
      inactiveMembers: inactive,
      pendingMembers: stats?.members_pending ?? 0,
      members_count: active + inactive,
      totalSavings: nairaFigure(figures.savings),
      totalLoans: nairaFigure(figures.loansDisbursed),
      loansPaid: nairaFigure(figures.loansRepaid),
    },
  };
}

export async function presentMany(records: CooperativeRecord[]): Promise<CooperativeDetailView[]> {
  const stats = await statsOf(records.map((r) => r.id));
  return Promise.all(records.map((r) => presentCooperative(r, stats.get(r.id))));
}

/**
 * Cooperatives as the caller may see them: the full view (members and money figures) for staff and
 * the super-admin, the brand only for members, executives and store keepers.
 */
export function presentFor(role: Role, records: CooperativeRecord[]) {
  return role === 'super-admin' || isStaffRole(role) ? presentMany(records) : Promise.all(records.map(presentBrand));
}

/**
 * A page of the cooperatives the caller may see: for platform staff the platform's list in code
 * order, or those found by search items; a cooperative's own people see only their own (found by
 * the same words).
 */
export async function cooperativeList(
  tenant: string,
  platformUser: boolean,
  request: PageRequest,
): Promise<ListPage<CooperativeRecord>> {
  const words = searchWords(request.query.query);
  if (platformUser)
    return words.length > 0 ? searchCooperatives(request.query.query ?? '', request) : cooperativePage(request);
  const own = await findCooperative(tenant);
  const tokens = own ? cooperativeTokens(own) : [];
  const data = own && words.every((word) => tokens.some((token) => token.startsWith(word))) ? [own] : [];
  return { data, meta: { ...pageMeta(data.length, 1, pageParams(request.query).perPage), next_cursor: null } };
}

/** A new cooperative with its standard chart of accounts, in one transaction. */
export async function createCooperative(
  input: CooperativeInput,
  logo: UploadedFile | undefined,
): Promise<CooperativeRecord> {
  const image = logo && checkLogo(logo);
  const id = newId();
  const now = nowIso();
  const record: CooperativeRecord = {
    id,
    code: input.code,
    name: input.name,
    email: input.email,
    phone: input.phone,
    address: input.address,
    website: input.website,
    colors: input.colors,
    status: input.status ?? 1,
    opening_date: input.opening_date ?? businessDate(now),
    max_amount: input.max_amount,
    exit_charge: input.exit_charge,
    year_start_month: input.year_start_month,
    created_at: now,
    updated_at: now,
  };
  if (logo && image) record.logo_key = await storeLogo(id, logo, image);
  try {
    await transactWrite([...cooperativePuts(record), ...chartPuts(id, STANDARD_CHART)]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed)
      throw conflict(`The code ${input.code} is already used by another cooperative`);
    throw error;
  }
  return record;
}

/**
 * `platformUser`: the change is made by platform staff, who alone may move the opening date earlier (checkOpeningDate).
 */
export async function changeCooperative(
  id: string,
  input: CooperativeInput,
  logo: UploadedFile | undefined,
  platformUser: boolean,
): Promise<CooperativeRecord> {
  const existing = await findCooperative(id);
  if (!existing) throw notFound('Cooperative');
  // Member numbers are made from the code, so it cannot change once given.
  if (input.code !== existing.code) throw invalid('code', 'The code of a cooperative cannot be changed');
  const image = logo && checkLogo(logo);
  if (input.opening_date) await checkOpeningDate(id, rulesOf(existing).openingDate, input.opening_date, platformUser);
  checkYearStartMonth(existing, input.year_start_month);
  const logoKey = logo && image ? await storeLogo(id, logo, image) : undefined;
  const changes = {
    name: input.name,
    email: input.email,
    phone: input.phone,
    address: input.address,
    website: input.website ?? '',
    colors: input.colors,
    status: input.status,
    logo_key: logoKey,
    opening_date: input.opening_date,
    max_amount: input.max_amount,
    exit_charge: input.exit_charge,
    year_start_month: input.year_start_month,
  };
  const status = input.status ?? existing.status;
  if (status === existing.status && input.name === existing.name) return updateCooperative(id, changes);
  // The platform's counts follow the status, the search items the name, in the same transaction.
  try {
    await transactWrite([
      cooperativeChangeItem(existing, changes, nowIso()),
      ...cooperativeSearchWrites(existing, { id, name: input.name, code: existing.code }),
      ...countMove(PLATFORM_TENANT, cooperativesOfStatus(existing.status), cooperativesOfStatus(status)),
    ]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed)
      throw conflict(`${existing.name} was changed by someone else meanwhile; reload it and try again`);
    throw error;
  }
  const stored = await findCooperative(id, true);
  if (!stored) throw notFound('Cooperative');
  return stored;
}

/** Only an empty cooperative can be deleted: no members, no users, no postings. */
export async function deleteCooperative(id: string): Promise<void> {
  const existing = await findCooperative(id);
  if (!existing) throw notFound('Cooperative');
  const [stats] = [(await statsOf([id])).get(id)];
  const members = membersCounted(stats);
  if (members > 0)
    throw conflict(`${existing.name} has ${members} member(s) and cannot be deleted; deactivate it instead`);
  if ((await listUsers(id)).length > 0)
    throw conflict(`${existing.name} has users and cannot be deleted; deactivate it instead`);
  if ((await glTotalsOf(id)).length > 0)
    throw conflict(`${existing.name} has postings in its ledger and cannot be deleted; deactivate it instead`);
  // The profile, its search items and the platform's counts first, in one transaction.
  try {
    await transactWrite([
      cooperativeDelete(existing),
      ...cooperativeCounted(existing.status, -1),
      ...cooperativeSearchWrites(existing, undefined),
    ]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed)
      throw conflict(`${existing.name} was changed by someone else meanwhile; reload it and try again`);
    throw error;
  }
  const [counters, chart] = await Promise.all([
    partitionKeys(keys.cooperative(id).pk),
    partitionKeys(keys.coaPartition(id)),
  ]);
  await deleteKeys([keys.cooperativeCode(existing.code), ...counters, ...chart]);
}

export function assertSameCooperative(target: string, tenant: string, platformUser: boolean): void {
  if (!platformUser && target !== tenant) throw new AppError('FORBIDDEN', 'You may only act in your own cooperative');
}

/** The public registration link of a cooperative, as the pending members page shows it. */
export const registrationLink = (code: string) => `${config().siteUrl}/register?coop=${encodeURIComponent(code)}`;
