import { z } from 'zod';
import { email, isoDate, optionalText, password, requiredText } from './common.ts';
import { idRef, nairaField, numberField, optionalIdRef } from './fields.ts';

/**
 * The member wizard (spec 000 section 5): Staff Info, Work, Bank, Next of Kin, Emergency, with the
 * spec's messages. The same pieces validate the profile edits (by detail_type), the public
 * registration (no role, no staff ID required) and each row of a member import.
 */
/** Blank (missing, null or '') is undefined; anything else must pass the schema. */
const blankable = <T extends z.ZodType>(schema: T) =>
  z
    .union([z.literal(''), z.null(), schema])
    .optional()
    .transform((v) => (v === '' || v === null ? undefined : (v as z.infer<T> | undefined)));

const optionalDate = () => blankable(isoDate('Use the date format YYYY-MM-DD'));

export const GENDERS = ['Male', 'Female'] as const;
export const MARITAL_STATUSES = ['Single', 'Married', 'Divorced'] as const;
export const ACCOUNT_TYPES = ['Savings', 'Current'] as const;
export const MEMBER_SIGN_IN_ROLES = ['cooperative-member', 'cooperative-executive'] as const;

const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  blankable(z.enum(values, message));

/** Personal fields every path shares (the wizard's Staff Info step without staff ID and role). */
export const personalInfoShape = {
  firstname: requiredText('Please enter first name', 100),
  middlename: optionalText(100),
  lastname: requiredText('Please enter last name', 100),
  email: email(),
  phone: requiredText('Phone number is required', 20).pipe(
    z.string().regex(/^\+?[0-9 ()-]{7,20}$/, 'Please enter a valid phone number'),
  ),
  gender: z.enum(GENDERS, 'Please select gender'),
  marital_status: optionalChoice(MARITAL_STATUSES, 'Select Single, Married or Divorced'),
  dob: optionalDate(),
  religion: optionalText(50),
  country_id: optionalIdRef().optional(),
  state_id: optionalIdRef().optional(),
  current_address: requiredText('Enter member current address', 255),
  savings_amount: nairaField('Enter member savings amount'),
};

export const staffIdField = () => requiredText('Please enter the staff ID', 30);
/** A built-in member role name, or the id of an added COOPERATIVE role based on one. */
export const roleField = () => idRef('Please select a role');

export const staffInfoSchema = z.object({ ...personalInfoShape, staff_id: staffIdField(), role_id: roleField() });

export const workInfoShape = {
  level: numberField('Please select level', { integer: true, min: 1, max: 10 }),
  department_id: idRef('Please select department'),
  date_joined: isoDate('Date joined field is required'),
  official_email: blankable(email()),
  official_phone: optionalText(20),
};
export const workInfoSchema = z.object(workInfoShape);

export const bankInfoShape = {
  bank_id: idRef('Please select bank'),
  branch: requiredText('Please enter the branch', 100),
  account_type: z.enum(ACCOUNT_TYPES, 'Select account type'),
  account_no: requiredText('Enter account number', 20).pipe(
    z.string().regex(/^[0-9]{6,20}$/, 'The account number must be 6 to 20 digits'),
  ),
  // Two spaces, as the spec has it.
  account_name: requiredText('Enter account  name', 150),
  sort_code: optionalText(20),
};
export const bankInfoSchema = z.object(bankInfoShape);

const required = (max = 255) => requiredText('This field is required', max);
const requiredEmail = () =>
  z
    .string('This field is required')
    .trim()
    .min(1, 'This field is required')
    .email('Please enter a valid email address')
    .max(254);

export const nokInfoShape = {
  nok_name: required(150),
  nok_address: required(),
  nok_phone: required(20),
  nok_email: requiredEmail(),
};
export const nokInfoSchema = z.object(nokInfoShape);
export const emergencyInfoShape = {
  contact_name: required(150),
  contact_address: required(),
  contact_phone: required(20),
  contact_email: requiredEmail(),
};
export const emergencyInfoSchema = z.object(emergencyInfoShape);

/** POST /cooperative/member: the whole wizard; password optional (else one is generated and emailed). */
export const memberCreateSchema = z.object({
  ...personalInfoShape,
  staff_id: staffIdField(),
  role_id: roleField(),
  ...workInfoShape,
  ...bankInfoShape,
  ...nokInfoShape,
  ...emergencyInfoShape,
  password: blankable(password()),
});
export type MemberCreateInput = z.infer<typeof memberCreateSchema>;

/** The public form (type 'pending'): the wizard without role; staff ID is optional (hidden there). */
export const pendingMemberSchema = z.object({
  cooperative_code: requiredText('The registration link has no cooperative code', 10),
  ...personalInfoShape,
  staff_id: optionalText(30),
  ...workInfoShape,
  ...bankInfoShape,
  ...nokInfoShape,
  ...emergencyInfoShape,
});
export type PendingMemberInput = z.infer<typeof pendingMemberSchema>;

export const DETAIL_TYPES = ['STAFF-INFO', 'WORK-INFO', 'BANK-INFO', 'NOK-INFO', 'CONTACT-INFO'] as const;
export type DetailType = (typeof DETAIL_TYPES)[number];

export const detailEditSchema = z.object({
  detail_type: z.enum(DETAIL_TYPES, 'Select what to save: STAFF-INFO, WORK-INFO, BANK-INFO, NOK-INFO or CONTACT-INFO'),
  coop_id: requiredText('Please select a member', 30),
});

export const DETAIL_SCHEMAS = {
  'STAFF-INFO': staffInfoSchema,
  'WORK-INFO': workInfoSchema,
  'BANK-INFO': bankInfoSchema,
  'NOK-INFO': nokInfoSchema,
  'CONTACT-INFO': emergencyInfoSchema,
} as const;

export const memberPasswordSchema = z
  .object({
    coop_id: requiredText('Please select a member', 30),
    password: password(),
    password_confirmation: z.string('Passwords must match'),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'Passwords must match',
    path: ['password_confirmation'],
  });

/** Profile documents: one file per slot. */
export const DOCUMENT_SLOTS = ['avatar', 'signature', 'reg_form'] as const;
export type DocumentSlot = (typeof DOCUMENT_SLOTS)[number];
export const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;

/** Member import: one sheet, these columns in this order (the sample file's header row). */
export const IMPORT_COLUMNS = [
  'staff_id',
  'firstname',
  'middlename',
  'lastname',
  'email',
  'phone',
  'gender',
  'marital_status',
  'dob',
  'current_address',
  'savings_amount',
  'level',
  'department',
  'date_joined',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** One import row: Staff Info and Work; the department is named (the sheet cannot hold ids). */
export const importRowSchema = z.object({
  ...personalInfoShape,
  staff_id: staffIdField(),
  level: workInfoShape.level,
  department: requiredText('Please select department', 100),
  date_joined: workInfoShape.date_joined,
});
export type ImportRow = z.infer<typeof importRowSchema>;
export const MAX_IMPORT_ROWS = 5000;
