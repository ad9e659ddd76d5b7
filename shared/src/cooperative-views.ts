/**
 * Cooperatives as the API sends them (functions/cooperatives presents them,
 * web/src/api/cooperatives.ts reads them). Amounts are naira; running totals are `NairaFigure`.
 */
import type { NairaFigure } from './money.ts';

export interface CooperativeFiguresView {
  activeMembers: number;
  inactiveMembers: number;
  pendingMembers?: number;
  totalSavings: NairaFigure;
  totalLoans: NairaFigure;
  loansPaid: NairaFigure;
  members_count: number;
}

/** What members and executives see of their cooperative: name, code, logo and colours. */
export interface CooperativeBrandView {
  id: string;
  code: string;
  name: string;
  /** A short-lived URL of the logo image. */
  logo: string | null;
  /** JSON text `{"primary_color","secondary_color"}`. */
  colors: string;
}

/** The staff's view of a cooperative, with its contact details, rules and figures. */
export interface CooperativeDetailView extends CooperativeBrandView {
  email: string;
  phone: string;
  address: string;
  location: string | null;
  website: string | null;
  /** 1 active, 0 inactive (statuses.ts ACTIVE_STATUS). */
  status: number;
  created_at: string;
  /** The first date its books take postings (history imports aside), YYYY-MM-DD. */
  opening_date: string;
  /** The largest single amount, naira. */
  max_amount: number;
  /** The charge a member pays on leaving, naira (0 unless set). */
  exit_charge: number;
  /** The month its financial years start, 1 (January) to 12. */
  year_start_month: number;
  /** The last day of its last closed financial year; the start month cannot change once set. */
  closed_through: string | null;
  meta: CooperativeFiguresView;
}

/** A cooperative as the caller may see it: the brand for members and executives, the detail for staff. */
export type CooperativeView = CooperativeBrandView & Partial<Omit<CooperativeDetailView, keyof CooperativeBrandView>>;

/** What emailing the registration link answers. */
export interface RegistrationLinkView {
  link: string;
}
