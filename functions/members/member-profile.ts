import type { MemberDetailView } from '@coopledger/shared/member-views';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { StoredKobo } from '@coopledger/shared/money';
import { nairaFigure, toNaira } from '@coopledger/shared/money';
import type { DetailType, DocumentSlot } from '@coopledger/shared/schemas/members';
import { DETAIL_SCHEMAS, DOCUMENT_SLOTS, MAX_DOCUMENT_BYTES } from '@coopledger/shared/schemas/members';
import { recentActivity } from '#core/activity';
import { s3 } from '#core/clients';
import { config } from '#core/config';
import type { TransactItem } from '#core/db';
import { TransactionConditionFailed, nowIso, transactWrite } from '#core/db';
import { AppError, conflict, invalid, notFound } from '#core/errors';
import { newId } from '#core/ids';
import { objectKeys } from '#core/keys';
import { removeObject } from '#core/import-files';
import type { UploadedFile } from '#core/multipart';
import { fileLink, isPdf, sniffImage } from '#core/stored-files';
import { validate } from '#core/validation';
import { getDepartment } from '../setup/setup-entity.ts';
import { setIdentityEmail } from '../users/identity-provider.ts';
import { userUpdate } from '../users/user-entity.ts';
import type { SearchableUser } from '../users/user-search-entity.ts';
import { userSearchWrites } from '../users/user-search-entity.ts';
import { replacePassword } from '../users/user-service.ts';
import type { MemberFields, MemberRecord } from './member-store.ts';
import { findMember, memberReplace, staffClaimDelete, staffClaimPut } from './member-store.ts';
import type { MemberSummary } from './member-search-entity.ts';
import { memberSearchWrites } from './member-search-entity.ts';
import { joinedMove } from './members-joined.ts';
import { assertBank, assertDepartment, memberRole, staffIdTaken, statsUpdate } from './member-service.ts';
import { MEMBER_STATUS, MEMBER_STATUS_LABELS, statusLabel } from '@coopledger/shared/statuses';

export async function requireMember(
  cooperativeId: string,
  memberId: string,
  consistent = false,
): Promise<MemberRecord> {
  const member = await findMember(cooperativeId, memberId, consistent);
  if (!member) throw notFound('Member');
  return member;
}

/** A member's sign-in user as its search items see it (the user keeps a copy of the names and email). */
const userOf = (member: MemberFields): SearchableUser => ({
  tenant: member.cooperative_id,
  id: member.id,
  firstname: member.firstname,
  lastname: member.lastname,
  email: member.email,
  role_name: member.role_name,
});

/**
 * Saves one tab of the profile (spec 000 section 4: by detail_type). `self` is a member editing their
 * own record: their staff ID, role and savings amount stay as they are (the form shows them read-only
 * or disabled; the savings amount changes through a savings change request).
 */
export async function editDetails(
  cooperativeId: string,
  memberId: string,
  detailType: DetailType,
  body: Record<string, unknown>,
  self: boolean,
): Promise<MemberFields> {
  const member = await requireMember(cooperativeId, memberId, true);
  // A member editing their own staff info keeps the stored savings amount (below); 0 stands in for it, as a lowered
  // amount limit must not block the edit.
  const input =
    self && detailType === 'STAFF-INFO'
      ? {
          ...body,
          staff_id: member.staff_id ?? 'unchanged',
          role_id: member.role_id ?? member.role_name,
          savings_amount: 0,
        }
      : body;
  const extra: TransactItem[] = [];
  // The member's user's search items, when its names or email change.
  let userSearch: TransactItem[] = [];
  let next: MemberFields = { ...member };
  let emailChanged = false;

  if (detailType === 'STAFF-INFO') {
    const v = validate(DETAIL_SCHEMAS['STAFF-INFO'], input);
    const role = self ? member.role_name : memberRole(v.role_id);
    // Cognito's role claim cannot change (docs/decisions.md, system users): member <-> executive is refused.
    if (role !== member.role_name)
      throw invalid('role_id', "A member's sign-in role cannot change; create the person again with the other role");
    const staffId = self ? member.staff_id : v.staff_id;
    if (staffId !== member.staff_id) {
      if (member.staff_id) extra.push(staffClaimDelete(cooperativeId, member.staff_id, member.id));
      if (staffId) extra.push(staffClaimPut(cooperativeId, staffId, member.id));
    }
    if (v.gender !== member.gender) {
      extra.push(
        statsUpdate(cooperativeId, {
          [v.gender === 'Female' ? 'members_female' : 'members_male']: 1,
          [member.gender === 'Female' ? 'members_female' : 'members_male']: -1,
        }),
      );
    }
    emailChanged = v.email.toLowerCase() !== member.email.toLowerCase();
    next = {
      ...next,
      firstname: v.firstname,
      middlename: v.middlename,
      lastname: v.lastname,
      staff_id: staffId,
      email: v.email.toLowerCase(),
      phone: v.phone,
      gender: v.gender,
      marital_status: v.marital_status,
      dob: v.dob,
      religion: v.religion,
      country_id: v.country_id,
      state_id: v.state_id,
      current_address: v.current_address,
      savings_amount: self ? member.savings_amount : v.savings_amount,
    };
    extra.push(
      userUpdate(
        { tenant: cooperativeId, id: member.id },
        { firstname: next.firstname, lastname: next.lastname, email: next.email, updated_at: nowIso() },
        false,
      ),
    );
    userSearch = userSearchWrites(userOf(member), userOf(next));
  } else if (detailType === 'WORK-INFO') {
    const v = validate(DETAIL_SCHEMAS['WORK-INFO'], input);
    await assertDepartment(cooperativeId, v.department_id);
    next.work_info = {
      level: v.level,
      department_id: v.department_id,
      date_joined: v.date_joined,
      official_email: v.official_email,
      official_phone: v.official_phone,
    };
    extra.push(...joinedMove(member, next));
  } else if (detailType === 'BANK-INFO') {
    const v = validate(DETAIL_SCHEMAS['BANK-INFO'], input);
    assertBank(v.bank_id);
    next.bank_info = { ...v };
  } else if (detailType === 'NOK-INFO') {
    const v = validate(DETAIL_SCHEMAS['NOK-INFO'], input);
    next.nok_info = { name: v.nok_name, address: v.nok_address, phone: v.nok_phone, email: v.nok_email };
  } else {
    const v = validate(DETAIL_SCHEMAS['CONTACT-INFO'], input);
    next.emergency_info = {
      name: v.contact_name,
      address: v.contact_address,
      phone: v.contact_phone,
      email: v.contact_email,
    };
  }

  try {
    // The search items go last: the claims' positions in `extra` name a refused staff ID.
    await transactWrite([memberReplace(member, next), ...extra, ...memberSearchWrites(member, next), ...userSearch]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed) {
      const claimPut = extra.findIndex((i) => i.Put !== undefined) + 1;
      if (next.staff_id && claimPut > 0 && error.failedIndexes.includes(claimPut)) throw staffIdTaken(next.staff_id);
      throw conflict('The member changed meanwhile; please reload and try again');
    }
    throw error;
  }
  if (emailChanged) await setIdentityEmail(member.id, next.email);
  return next;
}

export async function changeMemberPassword(cooperativeId: string, memberId: string, password: string): Promise<void> {
  const member = await requireMember(cooperativeId, memberId);
  await replacePassword(cooperativeId, member.id, password);
}

const DOCUMENT_RULES: Record<DocumentSlot, { label: string; types: Record<string, string>; allowed: string }> = {
  avatar: {
    label: 'The avatar',
    types: { jpg: 'image/jpeg', png: 'image/png' },
    allowed: 'a JPEG or PNG image (jpeg, jpg, png)',
  },
  signature: {
    label: 'The signature',
    types: { jpg: 'image/jpeg', png: 'image/png' },
    allowed: 'a JPEG or PNG image (jpeg, jpg, png)',
  },
  reg_form: {
    label: 'The registration form',
    types: { jpg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' },
    allowed: 'a JPEG or PNG image or a PDF (jpeg, jpg, png, pdf)',
  },
};

/** The file's real kind from its first bytes: a renamed file is refused, whatever its name says. */
const sniff = (content: Buffer): string | undefined =>
  sniffImage(content)?.extension ?? (isPdf(content) ? 'pdf' : undefined);

function checkDocument(slot: DocumentSlot, file: UploadedFile): { extension: string; contentType: string } {
  const rule = DOCUMENT_RULES[slot];
  const extension = file.fileName.split('.').pop()?.toLowerCase() ?? '';
  const named = extension === 'jpeg' ? 'jpg' : extension;
  const actual = sniff(file.content);
  if (!actual || !rule.types[actual] || named !== actual) throw invalid(slot, `${rule.label} must be ${rule.allowed}`);
  if (file.content.length > MAX_DOCUMENT_BYTES)
    throw new AppError('VALIDATION', `${rule.label} must be at most 2 MB`, {
      [slot]: `${rule.label} must be at most 2 MB`,
    });
  if (file.content.length === 0) throw invalid(slot, `${rule.label} is empty`);
  return { extension: actual, contentType: rule.types[actual] };
}

/** Stores the uploaded slots (all checked before any is stored), then points the member at them. */
export async function uploadDocuments(
  cooperativeId: string,
  memberId: string,
  files: Record<string, UploadedFile>,
): Promise<MemberFields> {
  const member = await requireMember(cooperativeId, memberId, true);
  const unknown = Object.keys(files).filter((name) => !(DOCUMENT_SLOTS as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new AppError('VALIDATION', `Unknown document slot ${unknown[0]}: use avatar, signature or reg_form`, {
      [unknown[0]]: 'Use avatar, signature or reg_form',
    });
  const given = DOCUMENT_SLOTS.filter((slot) => files[slot]);
  if (given.length === 0)
    throw new AppError('VALIDATION', 'Please select a file to upload', { avatar: 'Please select a file to upload' });
  const checked = given.map((slot) => ({ slot, file: files[slot], ...checkDocument(slot, files[slot]) }));

  const documents = { ...(member.documents ?? {}) };
  const replaced: string[] = [];
  for (const { slot, file, extension, contentType } of checked) {
    const key = objectKeys.memberDocument(cooperativeId, member.id, slot, newId(), extension);
    await s3().send(
      new PutObjectCommand({ Bucket: config().filesBucket, Key: key, Body: file.content, ContentType: contentType }),
    );
    if (documents[slot]) replaced.push(documents[slot]);
    documents[slot] = key;
  }
  const next = { ...member, documents };
  try {
    await transactWrite([memberReplace(member, next)]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed) throw conflict('The member changed meanwhile; please try again');
    throw error;
  }
  for (const key of replaced) await removeObject(key, 'a replaced document');
  return next;
}

const presign = (key: string | undefined) => (key ? fileLink(key) : Promise.resolve(null));

export function statusName(status: number): string {
  return statusLabel(MEMBER_STATUS_LABELS, status, MEMBER_STATUS_LABELS[MEMBER_STATUS.WARNING]);
}

/** One row of the member list. Balances come from savings plans once they exist; today 0. */
/** A member's savings totals (functions/savings keeps them with every posting), kobo: running totals of any size. */
export interface MemberSavingsTotals {
  balance?: StoredKobo;
  available?: StoredKobo;
  monthly?: StoredKobo;
  plans?: number;
}

export function memberRow(member: MemberSummary, departments: Map<string, string>, savings?: MemberSavingsTotals) {
  const departmentName = member.work_info?.department_id ? departments.get(member.work_info.department_id) : undefined;
  return {
    id: member.id,
    coop_id: member.coop_id,
    firstname: member.firstname,
    middlename: member.middlename ?? null,
    lastname: member.lastname,
    name: [member.firstname, member.middlename, member.lastname].filter(Boolean).join(' '),
    email: member.email,
    phone: member.phone,
    staff_id: member.staff_id ?? null,
    gender: member.gender,
    role_name: member.role_name,
    department: departmentName ?? 'N/A',
    department_id: member.work_info?.department_id ?? null,
    ledger_balance: nairaFigure(savings?.balance ?? 0),
    available_balance: nairaFigure(savings?.available ?? 0),
    // The active plans' contributions, else the amount given when the member joined.
    monthly_savings: nairaFigure(savings?.plans && savings.plans > 0 ? (savings.monthly ?? 0) : member.savings_amount),
    savings_amount: toNaira(member.savings_amount),
    status: member.status,
    status_name: member.exited_at ? 'Exited' : statusName(member.status),
    exited: member.exited_at !== undefined,
    created_at: member.created_at,
  };
}

/** The member detail: the record plus workInfo, bankInfo, nokInfo, emergencyInfo, documents and activity. */
export async function memberDetail(member: MemberRecord): Promise<MemberDetailView> {
  const departmentId = member.work_info?.department_id;
  const department = departmentId ? await getDepartment(member.cooperative_id, departmentId) : undefined;
  const [avatar, signature, regForm, activity] = await Promise.all([
    presign(member.documents?.avatar),
    presign(member.documents?.signature),
    presign(member.documents?.reg_form),
    recentActivity(member.cooperative_id, member.id),
  ]);
  const {
    documents: _d,
    work_info: _w,
    bank_info: _b,
    nok_info: _n,
    emergency_info: _em,
    savings_amount,
    ...rest
  } = member;
  return {
    ...rest,
    savings_amount: toNaira(savings_amount),
    role: {
      name: member.role_name,
      display_name: member.role_name === 'cooperative-executive' ? 'Executive' : 'Member',
    },
    status_name: member.exited_at ? 'Exited' : statusName(member.status),
    exited_at: member.exited_at ?? null,
    savings: [],
    workInfo: member.work_info
      ? { ...member.work_info, department: department ? { id: department.id, name: department.name } : null }
      : null,
    bankInfo: member.bank_info ?? null,
    nokInfo: member.nok_info ?? null,
    emergencyInfo: member.emergency_info ?? null,
    documents: { avatar, signature, reg_form: regForm },
    activity,
  };
}
