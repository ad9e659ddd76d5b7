/**
 * Members as the API sends them (functions/members presents them, web/src/api/members.ts reads
 * them): the member lists and counts, one member's profile, pending registrations and the public
 * registration link's cooperative. Amounts are naira; running totals are `NairaFigure`.
 */
import type { NairaFigure } from './money.ts';

/** One row of the member lists. */
export interface MemberRowView {
  id: string;
  coop_id: string;
  name: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  department: string;
  ledger_balance: NairaFigure;
  available_balance: NairaFigure;
  monthly_savings: NairaFigure;
  /** 0 warning, 1 approved, 2 inactive. */
  status: number;
  /** True once the member has left the cooperative (an approved exit): shown as Exited. */
  exited?: boolean;
}

/** A member as the surety search lists them (active members only). */
export interface DirectoryMemberView {
  /** Member number. */
  id: string;
  name: string;
  firstname: string;
  lastname: string;
}

export interface MemberCountsView {
  total: number;
  pending: number;
  male: number;
  female: number;
}

/** A registration awaiting approval (or denied). */
export interface PendingMemberView {
  id: string;
  coop_id: string | null;
  cooperative_id: string;
  firstname: string;
  middlename: string | null;
  lastname: string;
  email: string;
  phone: string;
  contact_phone: string;
  /** Absent when the registration gave none. */
  current_address?: string;
  designation: string;
  status: number;
  created_at: string;
  details: Record<string, unknown>;
}

/** One activity entry of a member (what they did recently). */
export interface MemberActivityView {
  at: string;
  /** In a person's words: "Applied for a loan of ₦300,000.00". */
  action: string;
  method: string;
  path: string;
  /** The same action this many times in a row (repeated sign-ins), shown once. */
  count?: number;
}

export interface ContactInfoView {
  name: string;
  address: string;
  phone: string;
  email: string;
}

/** Presigned links, valid 15 minutes; null when the slot is empty. */
export interface MemberDocumentsView {
  avatar: string | null;
  signature: string | null;
  reg_form: string | null;
}

/** GET /cooperative/member/single: the record with its profile parts, presigned documents and activity. */
export interface MemberDetailView {
  id: string;
  coop_id: string;
  firstname: string;
  middlename?: string | null;
  lastname: string;
  staff_id?: string | null;
  email: string;
  phone: string;
  gender: string;
  marital_status?: string | null;
  dob?: string | null;
  religion?: string | null;
  country_id?: string | null;
  state_id?: string | null;
  current_address?: string | null;
  role_name: string;
  role_id?: string | null;
  role: { name: string; display_name: string };
  /** Naira. */
  savings_amount: number;
  status: number;
  status_name: string;
  /** When the member left the cooperative (an approved exit), else null. */
  exited_at?: string | null;
  /** Always empty (the original API's shape); the member's plans are read from GET /savings. */
  savings: never[];
  workInfo: {
    level?: number;
    department_id?: string;
    date_joined?: string;
    official_email?: string;
    official_phone?: string;
    department: { id: string; name: string } | null;
  } | null;
  bankInfo: {
    bank_id: string;
    branch: string;
    account_type: string;
    account_no: string;
    account_name: string;
    sort_code?: string;
  } | null;
  nokInfo: ContactInfoView | null;
  emergencyInfo: ContactInfoView | null;
  documents: MemberDocumentsView;
  activity: MemberActivityView[];
  created_at: string;
}

/** The cooperative of a public registration link. */
export interface PublicCooperativeView {
  id: string;
  name: string;
  code: string;
  status: number;
}

/** A member activated or deactivated: their number and new status (1 approved, 2 inactive). */
export interface MemberStatusView {
  coop_id: string;
  status: number;
}

/** A pending registration approved: the member it became. */
export interface ApprovedMemberView {
  id: string;
  coop_id: string;
}

/** A registration received through the public link: its id, to follow it up. */
export interface RegistrationView {
  id: string;
}
