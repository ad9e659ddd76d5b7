import type { SuretyRequestView } from '@coopledger/shared/loan-views';
import { formatNaira, toNaira } from '@coopledger/shared/money';
import type { TransactItem } from '#core/db';
import { TransactionConditionFailed, nowIso, transactWrite } from '#core/db';
import { conflict, forbidden, invalid, notFound } from '#core/errors';
import { newId } from '#core/ids';
import { checkGuarantees, checkSurety, fullName, setupOfProduct } from './applications.ts';
import type { LoanRecord } from './loan-entity.ts';
import {
  findLoan,
  loansByIds,
  pendingLoanCheck,
  runningLoanCheck,
  runningSuretyAsked,
  runningSuretyReplaced,
  suretyReplacement,
} from './loan-entity.ts';
import type { SuretyRecord } from './surety-entity.ts';
import {
  answerUpdate,
  findSurety,
  handoverAsked,
  handoverEnded,
  releaseUpdate,
  replacedUpdate,
  suretyListing,
  suretyPut,
  suretyStatusMove,
} from './surety-entity.ts';
import { LOAN_REPAYMENT_STATUS, LOAN_STATUS, SURETY_STATUS } from '@coopledger/shared/statuses';
import { notice } from '../notifications/notify.ts';
import { suretyRequestNotice } from './surety-notice.ts';

/**
 * Surety requests (DESIGN.md section 5): one item per request. Only the named surety answers their
 * own request, only while it and the loan are pending. A denied request can be replaced by the
 * applicant or staff while the loan is pending: a new request (status 0) takes its place on the
 * loan, under the same rules as at application; the denied one stays for the record. On a running
 * loan an approved guarantee is handed over instead (`askHandover`): the outgoing surety keeps it
 * until the new one approves.
 */

export function presentSuretyRequest(s: SuretyRecord, loan: LoanRecord | undefined): SuretyRequestView {
  return {
    id: s.id,
    status: s.status,
    member_id: s.member_id,
    member: { id: s.member_id, name: s.member_name },
    loan: loan
      ? {
          id: loan.id,
          member: { id: loan.member_id, name: loan.member_name },
          product: { id: loan.product_id, name: loan.product_name },
          loan_amount: toNaira(loan.loan_amount),
          total_amount: toNaira(loan.total_amount),
          tenure: loan.tenure,
          tenure_type: loan.tenure_type,
          installment: toNaira(loan.schedule[0]?.payment ?? 0),
          status: loan.status,
        }
      : null,
    replaced_by: s.replaced_by ?? null,
    created_at: s.created_at,
  };
}

/** Surety requests with their loans, read in one batch. */
export async function presentSuretyRequests(tenant: string, requests: SuretyRecord[]): Promise<SuretyRequestView[]> {
  const loans = await loansByIds(
    tenant,
    requests.map((s) => s.loan_id),
  );
  return requests.map((s) => presentSuretyRequest(s, loans.get(s.loan_id)));
}

/**
 * A surety approves (1) or denies (2) their own pending request of a pending loan, or of a running loan
 * whose guarantee they were asked to take over.
 */
export async function answerSurety(
  tenant: string,
  suretyId: string,
  callerLoginId: string,
  answer: typeof SURETY_STATUS.APPROVED | typeof SURETY_STATUS.DENIED,
): Promise<{ surety: SuretyRecord; loan: LoanRecord | undefined }> {
  const surety = await findSurety(tenant, suretyId);
  if (!surety) throw notFound('Surety request');
  if (surety.member_id !== callerLoginId) throw forbidden('Only the named surety can answer this request');
  if (surety.status !== SURETY_STATUS.PENDING) {
    throw conflict(
      `You have already ${surety.status === SURETY_STATUS.APPROVED ? 'approved' : 'denied'} this request; only pending requests can be answered`,
    );
  }
  const loan = await findLoan(tenant, surety.loan_id);
  const handover = surety.replaces !== undefined && loan?.status === LOAN_STATUS.APPROVED;
  if (!loan || (loan.status !== LOAN_STATUS.PENDING && !handover))
    throw conflict('This loan is no longer pending; its surety requests cannot be answered');
  const now = nowIso();
  try {
    await transactWrite([
      answerUpdate(surety, answer, now),
      ...(handover ? handoverItems(loan, surety, answer === SURETY_STATUS.APPROVED, now) : [pendingLoanCheck(loan)]),
      ...suretyStatusMove(surety, answer),
      ...notice(tenant, {
        type: 'surety.answered',
        recipients: [loan.member_id],
        data: {
          surety: surety.member_name,
          answer: answer === SURETY_STATUS.APPROVED ? 'approved' : 'denied',
          product: loan.product_name,
          amount: formatNaira(loan.loan_amount),
          loan_id: loan.id,
        },
      }),
    ]);
  } catch (error) {
    if (!(error instanceof TransactionConditionFailed)) throw error;
    if (error.failedIndexes.includes(0))
      throw conflict('This request has already been answered; only pending requests can be answered');
    if (handover) throw conflict('The loan or its sureties changed meanwhile; reload and try again');
    throw conflict('This loan is no longer pending; its surety requests cannot be answered');
  }
  return { surety: { ...surety, status: answer, answered_at: now }, loan };
}

/**
 * What a new surety's answer on a running loan does besides answering (DESIGN.md section 5; docs/decisions.md
 * "Member exit"): approving puts them in the outgoing surety's place on the loan, which marks the outgoing
 * one replaced; denying leaves the outgoing surety guaranteeing, free to be asked to hand over again.
 */
function handoverItems(loan: LoanRecord, fresh: SuretyRecord, approved: boolean, now: string) {
  const outgoing = fresh.replaces as string;
  const index = loan.surety_ids.indexOf(outgoing);
  if (index < 0) throw conflict('The surety this request was to take over from is no longer on the loan');
  const ended = handoverEnded({ cooperative_id: loan.cooperative_id, id: outgoing }, fresh.id, approved);
  if (!approved) return [ended];
  const suretyIds = loan.surety_ids.map((id, i) => (i === index ? fresh.id : id));
  return [runningSuretyReplaced(loan, index, outgoing, suretyIds, now), ended];
}

/**
 * The request of a new surety of `loan` in the place of its surety at `index` (not yet written): the
 * member must meet the application's rules (active member, not the applicant, not the loan's other
 * surety, the product's guarantee limit).
 */
async function newSuretyRequest(
  tenant: string,
  loan: LoanRecord,
  index: number,
  newMemberId: string,
): Promise<SuretyRecord> {
  const otherId = loan.surety_ids[1 - index];
  const other = otherId ? await findSurety(tenant, otherId) : undefined;
  if (other?.member_id === newMemberId.toUpperCase()) throw invalid('member_id', 'Choose two different sureties');
  const member = await checkSurety(tenant, 'member_id', newMemberId, loan.member_id);
  const { setup, productName } = await setupOfProduct(tenant, loan.product_id).catch(() => ({
    setup: undefined,
    productName: loan.product_name,
  }));
  if (setup) await checkGuarantees(tenant, 'member_id', member.id, setup, productName);
  return {
    id: newId(),
    cooperative_id: tenant,
    loan_id: loan.id,
    member_id: member.id,
    member_name: fullName(member),
    applicant_id: loan.member_id,
    applicant_name: loan.member_name,
    product_id: loan.product_id,
    product_name: loan.product_name,
    status: SURETY_STATUS.PENDING,
    created_at: nowIso(),
  };
}

/**
 * Writes a new surety request with the loan's and the replaced request's changes (`changes`), its
 * listing and the notice to the new surety, in one transaction; a 409 when any of them moved meanwhile.
 */
async function writeNewSurety(
  tenant: string,
  loan: LoanRecord,
  fresh: SuretyRecord,
  changes: TransactItem[],
): Promise<void> {
  try {
    await transactWrite([
      ...changes,
      suretyPut(fresh),
      ...suretyListing([fresh]),
      ...suretyRequestNotice(tenant, loan, [fresh]),
    ]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed)
      throw conflict('The loan or its sureties changed while the surety was being replaced; try again');
    throw error;
  }
}

/**
 * On a running loan, the applicant or staff name a new surety to take over an approved guarantee (a
 * guarantor who wants to leave the cooperative, say): the new surety is asked like any other, and the
 * outgoing one keeps guaranteeing until they approve (`handoverItems`). One handover at a time.
 */
async function askHandover(
  tenant: string,
  loan: LoanRecord,
  index: number,
  outgoing: SuretyRecord,
  newMemberId: string,
): Promise<LoanRecord> {
  if (!stillGuarantees(outgoing, loan) || outgoing.status !== SURETY_STATUS.APPROVED)
    throw conflict('Only an approved guarantee on a running loan can be handed over');
  if (outgoing.replacing) throw conflict('A new surety has already been asked to take over this guarantee');
  if (outgoing.member_id === newMemberId.toUpperCase()) throw invalid('member_id', 'Choose two different sureties');
  const fresh: SuretyRecord = {
    ...(await newSuretyRequest(tenant, loan, index, newMemberId)),
    replaces: outgoing.id,
  };
  await writeNewSurety(tenant, loan, fresh, [
    runningSuretyAsked(loan, index, outgoing.id, fresh.id),
    handoverAsked(outgoing, fresh.id),
  ]);
  return { ...loan, all_surety_ids: [...loan.all_surety_ids, fresh.id] };
}

/**
 * Names a new surety in place of one who denied. `mayAct` has checked the caller is the applicant
 * or staff; the new surety must meet the application's rules (active member, not the applicant, not
 * the loan's other surety, the product's guarantee limit).
 */
export async function replaceSurety(
  tenant: string,
  loan: LoanRecord,
  suretyId: string,
  newMemberId: string,
): Promise<LoanRecord> {
  if (loan.status !== LOAN_STATUS.PENDING && loan.status !== LOAN_STATUS.APPROVED)
    throw conflict('Sureties can only be replaced while the loan is pending or running');
  const index = loan.surety_ids.indexOf(suretyId);
  if (index < 0) throw invalid('surety_id', "This surety request is not one of the loan's sureties");
  const old = await findSurety(tenant, suretyId);
  if (!old) throw notFound('Surety request');
  if (loan.status === LOAN_STATUS.APPROVED) return askHandover(tenant, loan, index, old, newMemberId);
  if (old.status !== SURETY_STATUS.DENIED) throw conflict('Only a surety who denied the request can be replaced');
  const fresh = await newSuretyRequest(tenant, loan, index, newMemberId);
  const now = fresh.created_at;
  const suretyIds = loan.surety_ids.map((id, i) => (i === index ? fresh.id : id));
  await writeNewSurety(tenant, loan, fresh, [
    suretyReplacement(loan, index, suretyId, suretyIds, fresh.id, now),
    replacedUpdate(old, fresh.id),
  ]);
  return { ...loan, surety_ids: suretyIds, all_surety_ids: [...loan.all_surety_ids, fresh.id], updated_at: now };
}

/** Whether a surety request still guarantees its loan: asked or approved, not released, on a loan not yet repaid. */
export function stillGuarantees(s: SuretyRecord, loan: LoanRecord | undefined): loan is LoanRecord {
  if (!loan || !loan.surety_ids.includes(s.id) || s.released_at) return false;
  if (s.status !== SURETY_STATUS.APPROVED && s.status !== SURETY_STATUS.PENDING) return false;
  if (loan.status === LOAN_STATUS.PENDING) return true;
  return loan.status === LOAN_STATUS.APPROVED && loan.is_paid !== LOAN_REPAYMENT_STATUS.COMPLETED;
}

/**
 * An admin releases an approved guarantee on a running loan (issue 23: a leaving member's
 * guarantees are replaced or released): the admin has judged the loan's balance covered otherwise
 * and says why; the request keeps who released it, when and why (and the audit trail the change).
 * The loan stays as it is; the released surety no longer counts as guaranteeing it.
 */
export async function releaseSurety(
  tenant: string,
  suretyId: string,
  by: string,
  reason: string,
): Promise<{ surety: SuretyRecord; loan: LoanRecord }> {
  const surety = await findSurety(tenant, suretyId);
  if (!surety) throw notFound('Surety request');
  if (surety.released_at) throw conflict('This guarantee has already been released');
  if (surety.status !== SURETY_STATUS.APPROVED)
    throw conflict('Only an approved guarantee can be released; a pending request is answered by the surety');
  const loan = await findLoan(tenant, surety.loan_id);
  if (!loan || !stillGuarantees(surety, loan) || loan.status !== LOAN_STATUS.APPROVED)
    throw conflict('Only a guarantee on a running loan can be released');
  const now = nowIso();
  try {
    await transactWrite([releaseUpdate(surety, by, now, reason), runningLoanCheck(loan)]);
  } catch (error) {
    if (!(error instanceof TransactionConditionFailed)) throw error;
    throw conflict('The guarantee or its loan changed meanwhile; reload and try again');
  }
  return { surety: { ...surety, released_at: now, released_by: by, release_reason: reason }, loan };
}
