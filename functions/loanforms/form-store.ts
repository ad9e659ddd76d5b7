import type { LoanFormRecord } from './loan-form-entity.ts';
import type { LoanFormView } from '@coopledger/shared/loanform-views';

/**
 * Uploaded loan application forms as the API shows them. The stored item, its key and queries are
 * the loan form entity's (loan-form-entity.ts); its names are also exported from here for the
 * modules outside loan forms that read forms (core/access.ts).
 */
export type { LoanFormRecord } from './loan-form-entity.ts';
export { findForm } from './loan-form-entity.ts';

export type { LoanFormView };

export const presentForm = (form: LoanFormRecord): LoanFormView => ({
  id: form.id,
  member_id: form.member_id,
  member: { id: form.member_id, name: form.member_name },
  file_name: form.file_name,
  size: form.size,
  created_at: form.created_at,
});
