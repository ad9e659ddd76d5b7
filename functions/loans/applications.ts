import type { LoanRow, Schedule } from '@coopledger/shared/loan-schedule';
import { LoanScheduleError, buildSchedule, openRows, tenureUnitOf } from '@coopledger/shared/loan-schedule';
import type { Kobo } from '@coopledger/shared/money';
import { formatNaira, multipleOf, percentOf, toKobo, toNaira } from '@coopledger/shared/money';
import { today } from '@coopledger/shared/dates';
import { postingDateIssue } from '@coopledger/shared/posting-rules';
import type { LoanApplicationInput, SchedulePreviewInput } from '@coopledger/shared/schemas/loans';
import { loanRateIssue } from '@coopledger/shared/schemas/loans';
import { TransactionConditionFailed, nowIso, transactWrite } from '#core/db';
import { conflict, invalid } from '#core/errors';
import { newId } from '#core/ids';
import type { LoanSetup } from '../setup/setup-entity.ts';
import { setupRecords } from '../setup/setup-entity.ts';
import type { MemberRecord } from '../members/member-store.ts';
import { findMember } from '../members/member-store.ts';
import { memberSavingsOf } from '../savings/member-savings-entity.ts';
import { claimPut, findLoanClaim } from './loan-claim-entity.ts';
import type { LoanRecord } from './loan-entity.ts';
import { loanListing, loansByIds, memberLoans, putLoan } from './loan-entity.ts';
import { isRunning, outstandingOf } from './loan-store.ts';
import type { SuretyRecord } from './surety-entity.ts';
import { memberSureties, suretyListing, suretyPut } from './surety-entity.ts';
import {
  LOAN_REPAYMENT_STATUS,
  LOAN_STATUS,
  MEMBER_STATUS,
  SURETY_STATUS,
  isActive,
} from '@coopledger/shared/statuses';
import { suretyRequestNotice } from './surety-notice.ts';

/** A loan setup as the loans domain reads it (functions/setup/product-setups.ts writes it). */
export type { LoanSetup } from '../setup/setup-entity.ts';

export const fullName = (m: Pick<MemberRecord, 'firstname' | 'middlename' | 'lastname'>) =>
  [m.firstname, m.middlename, m.lastname].filter(Boolean).join(' ');
/** Runs the schedule engine, turning its refusal into a 422 on the field it names. */
export function scheduleFor(input: {
  principal: number;
  rate: number;
  tenure: number;
  tenureType: string;
  method: number;
  firstPaymentDate: string;
}): Schedule {
  try {
    return buildSchedule({
      principal: input.principal,
      annualRatePercent: input.rate,
      tenure: input.tenure,
      tenureUnit: tenureUnitOf(input.tenureType),
      method: input.method,
      firstPaymentDate: input.firstPaymentDate,
    });
  } catch (error) {
    if (error instanceof LoanScheduleError) throw invalid(error.field, error.message);
    throw error;
  }
}

export function previewSchedule(input: SchedulePreviewInput) {
  return scheduleFor({
    principal: input.loan_amount,
    rate: input.interest_rate,
    tenure: input.tenure,
    tenureType: input.tenure_type,
    method: input.calculation_method_id,
    firstPaymentDate: input.payment_start_date,
  });
}

/** What a loan of a product keeps back when it is paid out (its charge and upfront interest), in naira. */
export async function feesOf(tenant: string, productId: string, loanAmount: Kobo) {
  const { setup } = await setupOfProduct(tenant, productId);
  const { charge, upfront } = deductionsOf(setup, loanAmount);
  return {
    charge: toNaira(charge),
    upfront_interest: toNaira(upfront),
    paid_out: toNaira(loanAmount - charge - upfront),
  };
}

/** The charge and upfront interest a loan of `loanAmount` under a setup keeps back, in kobo. */
function deductionsOf(setup: LoanSetup, loanAmount: number): { charge: number; upfront: number } {
  const upfrontRate = Number(setup.upfront ?? 0);
  return {
    charge: chargeOf(setup, loanAmount),
    upfront: upfrontRate > 0 ? percentOf(loanAmount, upfrontRate) : 0,
  };
}

/** The active loan setup of a product, or a 422 on loan_product_id. */
export async function setupOfProduct(
  tenant: string,
  productId: string,
): Promise<{ setup: LoanSetup; productName: string }> {
  const setups = await setupRecords.loanSetup.list(tenant);
  const setup = setups.find((s) => String(s.product_id) === productId);
  if (!setup) throw invalid('loan_product_id', 'Please select account');
  if (!isActive(setup.status)) throw invalid('loan_product_id', 'This loan product is not open for applications');
  const product = await setupRecords.product.get(tenant, productId);
  return { setup, productName: String(product?.name ?? setup.name) };
}

/**
 * The charge of a loan from its setup (docs/decisions.md "Loans"): None nothing; Flat the setup's
 * charge_amount in naira; Percentage that percent of the loan amount, rounded half-even to the kobo.
 */
export function chargeOf(setup: Pick<LoanSetup, 'charge_type' | 'charge_amount'>, loanAmount: number): number {
  const amount = Number(setup.charge_amount ?? 0);
  switch (setup.charge_type ?? 'Percentage') {
    case 'None':
      return 0;
    case 'Flat':
      return toKobo(amount);
    default:
      return percentOf(loanAmount, amount);
  }
}

/**
 * The interest rate a loan gets: an applicant applying for themselves always the setup's maximum; staff what they send,
 * within min..max.
 */
export function rateFor(setup: LoanSetup, sent: number | undefined, bySelf: boolean): number {
  const min = Number(setup.min_int_rate);
  const max = Number(setup.max_int_rate);
  const rate = bySelf || sent === undefined ? max : sent;
  const issue = loanRateIssue(rate, min, max);
  if (issue) throw invalid('interest_rate', issue);
  return rate;
}

/** A surety must be an active member of the cooperative and not the applicant. */
export async function checkSurety(
  tenant: string,
  field: string,
  suretyId: string,
  applicantId: string,
): Promise<MemberRecord> {
  if (suretyId === applicantId) throw invalid(field, 'You cannot be your own surety');
  const member = await findMember(tenant, suretyId);
  if (!member || member.status !== MEMBER_STATUS.APPROVED)
    throw invalid(field, `${suretyId} is not an active member of this cooperative`);
  return member;
}

/** Running loans a member guarantees (surety requests not denied, loans pending or not completed). */
export async function guaranteedRunning(tenant: string, memberId: string): Promise<number> {
  const requests = (await memberSureties(tenant, memberId)).filter(
    (s) => s.status !== SURETY_STATUS.DENIED && !s.replaced_by,
  );
  const loans = await loansByIds(
    tenant,
    requests.map((s) => s.loan_id),
  );
  return requests.filter((s) => {
    const loan = loans.get(s.loan_id);
    return loan && isRunning(loan) && loan.surety_ids.includes(s.id);
  }).length;
}

/** The product's guarantee limit (max_guarantees; 0 or empty: none). */
export async function checkGuarantees(
  tenant: string,
  field: string,
  suretyId: string,
  setup: LoanSetup,
  productName: string,
): Promise<void> {
  const limit = Number(setup.max_guarantees ?? 0);
  if (!limit) return;
  const running = await guaranteedRunning(tenant, suretyId);
  if (running >= limit) {
    throw invalid(
      field,
      `${suretyId} already guarantees ${running} running loan${running === 1 ? '' : 's'}, the most ${productName} allows`,
    );
  }
}

/** The product's borrowing limit (max_loan_multiple times the member's savings balance; 0 or empty: none). */
async function checkLoanLimit(
  tenant: string,
  memberId: string,
  setup: LoanSetup,
  productName: string,
  loanAmount: number,
): Promise<void> {
  const multiple = Number(setup.max_loan_multiple ?? 0);
  if (!multiple) return;
  const summary = await memberSavingsOf(tenant, memberId);
  const balance = Math.max(0, Number(summary?.balance ?? 0));
  const most = multipleOf(balance, multiple);
  if (loanAmount > most) {
    throw invalid(
      'loan_amount',
      `The most you can borrow on ${productName} is ${formatNaira(most)} (${multiple} times your savings balance of ${formatNaira(balance)})`,
    );
  }
}

/**
 * The application date (DESIGN.md section 3): today for an applicant applying for themselves,
 * whatever they send; staff recording a member's application may date it as a posting date may be
 * dated (a real day, not in the future, not before the cooperative's opening date: posting-rules.ts).
 */
export function applicationDate(sent: string | undefined, bySelf: boolean): string {
  if (bySelf || sent === undefined) return today();
  const issue = postingDateIssue(sent);
  if (issue) throw invalid('date', issue);
  return sent;
}

/**
 * Applies for a loan (DESIGN.md section 5): product from its loan setup, rate within the setup's
 * range (an applicant applying for themselves gets its maximum and today's date), penal charge from
 * the setup, charge computed here, two distinct active sureties who are not the applicant, no
 * running loan of the same product, and the setup's eligibility limits. The loan (status 0) and its
 * two surety requests (status 0) are written in one transaction. `bySelf`: a member or executive, or
 * staff applying for their own loan.
 */
export async function applyForLoan(
  tenant: string,
  applicantId: string,
  input: LoanApplicationInput,
  bySelf: boolean,
  createdBy: string,
): Promise<{ loan: LoanRecord; sureties: SuretyRecord[] }> {
  const { setup, productName } = await setupOfProduct(tenant, input.loan_product_id);
  const applicant = await findMember(tenant, applicantId);
  if (!applicant) throw invalid('coop_id', `${applicantId} is not a member of this cooperative`);
  if (applicant.status !== MEMBER_STATUS.APPROVED)
    throw invalid('coop_id', `${applicantId} is not an active member of this cooperative`);

  const rate = rateFor(setup, input.interest_rate, bySelf);
  const date = applicationDate(input.date, bySelf);
  const charge = await setupRecords.charge.get(tenant, input.charge_id);
  if (!charge) throw invalid('charge_id', 'This field is required');

  const [surety1, surety2] = [
    await checkSurety(tenant, 'surety1', input.surety1, applicant.id),
    await checkSurety(tenant, 'surety2', input.surety2, applicant.id),
  ];

  const runningRefusal = invalid('loan_product_id', `You already have a running ${productName} loan`);
  const running = (await memberLoans(tenant, applicant.id)).find(
    (l) => l.product_id === input.loan_product_id && isRunning(l),
  );
  if (running) throw runningRefusal;
  // The claim names the member's latest loan of the product; it may be taken over only from a loan
  // that is no longer running, so a concurrent application fails its condition.
  const claim = await findLoanClaim(tenant, applicant.id, input.loan_product_id);
  if (claim) {
    const claimed = (await loansByIds(tenant, [claim.loan_id])).get(claim.loan_id);
    if (claimed && isRunning(claimed)) throw runningRefusal;
  }

  await checkLoanLimit(tenant, applicant.id, setup, productName, input.loan_amount);
  await checkGuarantees(tenant, 'surety1', surety1.id, setup, productName);
  await checkGuarantees(tenant, 'surety2', surety2.id, setup, productName);

  const schedule = scheduleFor({
    principal: input.loan_amount,
    rate,
    tenure: input.tenure,
    tenureType: input.tenure_type,
    method: input.calculation_method_id,
    firstPaymentDate: input.payment_start_date,
  });
  const rows: LoanRow[] = openRows(schedule.rows);
  const { charge: chargeAmount, upfront: upfrontAmount } = deductionsOf(setup, input.loan_amount);
  const upfront = Number(setup.upfront ?? 0);
  if (chargeAmount + upfrontAmount >= input.loan_amount) {
    throw invalid('loan_amount', 'The charge and upfront interest would take the whole loan; enter a larger amount');
  }

  const now = nowIso();
  const id = newId();
  const applicantName = fullName(applicant);
  const sureties: SuretyRecord[] = [surety1, surety2].map((m) => ({
    id: newId(),
    cooperative_id: tenant,
    loan_id: id,
    member_id: m.id,
    member_name: fullName(m),
    applicant_id: applicant.id,
    applicant_name: applicantName,
    product_id: input.loan_product_id,
    product_name: productName,
    status: SURETY_STATUS.PENDING,
    created_at: now,
  }));
  const loan: LoanRecord = {
    id,
    cooperative_id: tenant,
    member_id: applicant.id,
    member: { firstname: applicant.firstname, lastname: applicant.lastname },
    member_name: applicantName,
    product_id: input.loan_product_id,
    product_name: productName,
    setup_id: setup.id,
    loan_amount: input.loan_amount,
    total_interest: schedule.totals.interest,
    total_amount: schedule.totals.payment,
    loan_balance: outstandingOf(rows),
    tenure: input.tenure,
    tenure_type: input.tenure_type,
    interest_rate: rate,
    calculation_method_id: input.calculation_method_id,
    charge_id: input.charge_id,
    charge_amount: chargeAmount,
    penal_charge: Number(setup.penal_charge ?? 0),
    penal_type: setup.penal_type ?? 'None',
    upfront,
    upfront_amount: upfrontAmount,
    source: input.source,
    repayment_type: input.repayment_type,
    payment_start_date: input.payment_start_date,
    date,
    status: LOAN_STATUS.PENDING,
    is_paid: LOAN_REPAYMENT_STATUS.RUNNING,
    surety_ids: sureties.map((s) => s.id),
    all_surety_ids: sureties.map((s) => s.id),
    schedule: rows,
    version: 0,
    lien: null,
    created_by: createdBy,
    created_at: now,
    updated_at: now,
  };
  try {
    await transactWrite([
      putLoan(loan),
      ...sureties.map(suretyPut),
      claimPut(
        tenant,
        { loan_id: id, member_id: applicant.id, product_id: input.loan_product_id, created_at: now },
        claim?.loan_id,
      ),
      ...loanListing(loan),
      ...suretyListing(sureties),
      ...suretyRequestNotice(tenant, loan, sureties),
    ]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed) {
      if (error.failedIndexes.includes(3)) throw runningRefusal;
      throw conflict('The loan could not be saved; try again');
    }
    throw error;
  }
  return { loan, sureties };
}
