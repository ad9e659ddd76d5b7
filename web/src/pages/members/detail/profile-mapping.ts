import type { FormValues } from '../../../api/entities';
import type { MemberActivity, MemberDetail, MemberDetailType, MemberDocumentSlot } from '../../../api/members';

/**
 * The member profile's parts as the edit forms hold them. The API reads next of kin and emergency
 * contact as `nokInfo`/`emergencyInfo` {name, address, phone, email} but takes them back as
 * nok_* / contact_* fields (spec section 3), so the forms map both ways here.
 */
export const SECTION_FIELDS: Record<MemberDetailType, readonly string[]> = {
  'STAFF-INFO': [
    'staff_id',
    'firstname',
    'middlename',
    'lastname',
    'email',
    'phone',
    'gender',
    'marital_status',
    'dob',
    'religion',
    'country_id',
    'state_id',
    'current_address',
    'savings_amount',
    'role_id',
  ],
  'WORK-INFO': ['level', 'department_id', 'date_joined', 'official_email', 'official_phone'],
  'BANK-INFO': ['bank_id', 'branch', 'account_type', 'account_no', 'account_name', 'sort_code'],
  'NOK-INFO': ['nok_name', 'nok_address', 'nok_phone', 'nok_email'],
  'CONTACT-INFO': ['contact_name', 'contact_address', 'contact_phone', 'contact_email'],
};

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

const prefixed = (prefix: string, info: MemberDetail['nokInfo']): Record<string, unknown> =>
  info
    ? {
        [`${prefix}_name`]: info.name,
        [`${prefix}_address`]: info.address,
        [`${prefix}_phone`]: info.phone,
        [`${prefix}_email`]: info.email,
      }
    : {};

function sourceOf(member: MemberDetail, detailType: MemberDetailType): Record<string, unknown> {
  switch (detailType) {
    case 'STAFF-INFO':
      return { ...member, role_id: member.role_id ?? member.role_name };
    case 'WORK-INFO':
      return {
        ...(member.workInfo ?? {}),
        department_id: member.workInfo?.department_id ?? member.workInfo?.department?.id,
      };
    case 'BANK-INFO':
      return { ...(member.bankInfo ?? {}) };
    case 'NOK-INFO':
      return prefixed('nok', member.nokInfo);
    case 'CONTACT-INFO':
      return prefixed('contact', member.emergencyInfo);
  }
}

/** The form values of one part of the profile: every field as the text its control shows. */
export function formValuesOf(member: MemberDetail | null, detailType: MemberDetailType): FormValues {
  const source = member ? sourceOf(member, detailType) : {};
  return Object.fromEntries(SECTION_FIELDS[detailType].map((name) => [name, text(source[name])]));
}

/**
 * The body of POST details/edit for one part: its own fields only, blanks left out (a blank
 * optional field is cleared; a blank required one gets the server's message).
 */
export function detailPayload(detailType: MemberDetailType, values: FormValues): Record<string, string> {
  const payload: Record<string, string> = {};
  for (const name of SECTION_FIELDS[detailType]) {
    const value = values[name]?.trim() ?? '';
    if (value !== '') payload[name] = value;
  }
  return payload;
}

/** A profile value as the detail cards show it: 'N/A' when there is none. */
export function orNA(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return 'N/A';
  const shown = String(value).trim();
  return shown === '' ? 'N/A' : shown;
}

export const fullName = (member: Pick<MemberDetail, 'firstname' | 'middlename' | 'lastname'>): string =>
  [member.firstname, member.middlename, member.lastname].filter((part) => part && part.trim() !== '').join(' ');

/** Deposits show green in the activity timeline, everything else pink (spec: Member Info). */
export const isDepositActivity = (activity: Pick<MemberActivity, 'action' | 'path'>): boolean =>
  /deposit/i.test(`${activity.action} ${activity.path}`);

export const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;

const DOCUMENT_RULES: Record<MemberDocumentSlot, { label: string; extensions: readonly string[]; allowed: string }> = {
  avatar: { label: 'The avatar', extensions: ['jpeg', 'jpg', 'png'], allowed: 'a JPEG or PNG image (jpeg, jpg, png)' },
  signature: {
    label: 'The signature',
    extensions: ['jpeg', 'jpg', 'png'],
    allowed: 'a JPEG or PNG image (jpeg, jpg, png)',
  },
  reg_form: {
    label: 'The registration form',
    extensions: ['jpeg', 'jpg', 'png', 'pdf'],
    allowed: 'a JPEG or PNG image or a PDF (jpeg, jpg, png, pdf)',
  },
};

export const DOCUMENT_LABELS: Record<MemberDocumentSlot, string> = {
  avatar: 'Avatar',
  signature: 'Signature',
  reg_form: 'Registration form',
};

/** The `accept` attribute of a slot's file input. */
export const acceptOf = (slot: MemberDocumentSlot): string =>
  DOCUMENT_RULES[slot].extensions.map((e) => `.${e}`).join(',');

/**
 * Checks a chosen file before it is sent, with the server's own messages (the server checks the
 * file's content again). Returns the message, or null when the file may be uploaded.
 */
export function documentProblem(slot: MemberDocumentSlot, file: { name: string; size: number }): string | null {
  const rule = DOCUMENT_RULES[slot];
  const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  if (!rule.extensions.includes(extension)) return `${rule.label} must be ${rule.allowed}`;
  if (file.size > MAX_DOCUMENT_BYTES) return `${rule.label} must be at most 2 MB`;
  if (file.size === 0) return `${rule.label} is empty`;
  return null;
}

/** Whether a presigned document link points at a PDF (shown as a link, not an image). */
export const isPdfLink = (url: string): boolean => /\.pdf(\?|$)/i.test(url);

/** The Members page's form tab with a member loaded for editing (the detail page's Form button, a list's Edit). */
export const memberFormPath = (coopId: string): string => `/members?edit=${encodeURIComponent(coopId)}#form`;
