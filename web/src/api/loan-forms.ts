import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoanFormView } from '@coopledger/shared/loanform-views';
import { routeData, routeDownload, routeRequest } from './client';

/**
 * Loan forms (functions/loanforms/handler.ts): application forms uploaded as one PDF, the staff
 * archive of them, a member's own, a short-lived link to one, and the generated PDF form of a loan.
 */

export type LoanForm = LoanFormView;

/** What the server refuses, said before the file is sent. */
export const NO_FILE_MESSAGE = 'Please select a file to import';
export const NOT_PDF_MESSAGE = 'Upload the loan form as one PDF file';

/** A chosen file's problem, or null: a loan form is one PDF (the server also reads its first bytes). */
export function loanFormProblem(file: File | undefined): string | null {
  if (!file) return NO_FILE_MESSAGE;
  return /\.pdf$/i.test(file.name) && (file.type === '' || file.type === 'application/pdf') ? null : NOT_PDF_MESSAGE;
}

export const loanFormKeys = {
  all: ['loan-forms'] as const,
  archive: (page: number, query: string) => ['loan-forms', 'archive', page, query] as const,
  member: (memberId: string | undefined, page: number) => ['loan-forms', 'member', memberId ?? 'self', page] as const,
};

/** The cooperative's archive of uploaded forms (staff), newest first. */
export function useLoanFormArchive(page: number, query: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: loanFormKeys.archive(page, query),
    queryFn: ({ signal }) =>
      routeData('GET /cooperative/loans/form', { query: { page, query: query || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One member's uploaded forms; without a member, the signed-in member's own. */
export function useMemberLoanForms(memberId: string | undefined, page: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: loanFormKeys.member(memberId, page),
    queryFn: ({ signal }) =>
      routeData('GET /cooperative/loans/form/member', { query: { coop_id: memberId, page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUploadLoanForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, memberId }: { file: File; memberId?: string }) => {
      const body = new FormData();
      if (memberId) body.append('coop_id', memberId);
      body.append('file', file);
      return routeRequest('POST /cooperative/loans/form/upload-loan-form', { body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loanFormKeys.all }),
  });
}

/**
 * Opens an uploaded form in a new tab through its short-lived link. The tab is opened on the click
 * itself (so no popup blocker stops it) and pointed at the link once the server has made it.
 */
export async function openUploadedForm(formId: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { url } = await routeData('GET /cooperative/loans/download-uploaded-form', { query: { form_id: formId } });
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.location.assign(url);
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** The generated loan form of a loan, saved as '{member name} {product name}-form.pdf'. */
export const downloadLoanForm = (loan: { id: string; member: { name: string }; product: { name: string } }) =>
  routeDownload('GET /cooperative/loans/download-loan-form', `${loan.member.name} ${loan.product.name}-form.pdf`, {
    query: { loan_id: loan.id },
  });
