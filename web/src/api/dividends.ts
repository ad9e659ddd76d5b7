import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@coopledger/shared/roles';
import type { DividendGlSetupInput } from '@coopledger/shared/schemas/dividends';
import { useSession } from '../session/use-session';
import { routeAdmits, routeData, routeDownload, routeRequest } from './client';

/**
 * Dividends (issue 21): the cooperative's dividend GL accounts and the revenue sharing of a period
 * (docs/decisions.md 2026-11-26 "Dividends: GL setup and revenue sharing").
 */
export type { DividendGlRef, DividendGlSetupView, RevenueSharingView } from '@coopledger/shared/dividend-views';

const SAVE_GL_SETUP = 'POST /cooperative/dividend/gl-setup';

/** The active cooperative, part of every key so that switching cooperative never shows another's setup. */
const useCooperative = () => useSession()?.activeCooperativeId ?? null;

const glSetupKey = (cooperative: string | null) => ['dividends', cooperative, 'gl-setup'] as const;

/** Whether a signed-in role may save the GL setup: the roles the save route admits (accountants read only). */
export const maySaveGlSetup = (role: Role | undefined): boolean => routeAdmits(SAVE_GL_SETUP, role);

/** The saved setup (null until saved) and the active accounts each field may take. */
export function useDividendGlSetup() {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: glSetupKey(cooperative),
    queryFn: ({ signal }) => routeData('GET /cooperative/dividend/gl-setup', { signal }),
  });
}

/** Saves the four accounts (GL codes); the setup is read again afterwards. */
export function useSaveDividendGlSetup() {
  const queryClient = useQueryClient();
  const cooperative = useCooperative();
  return useMutation({
    mutationFn: (body: DividendGlSetupInput) => routeRequest(SAVE_GL_SETUP, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: glSetupKey(cooperative) }),
  });
}

/** The revenue sharing form's values as typed: dates YYYY-MM-DD, numbers as text, blanks for defaults. */
export interface RevenueSharingParams {
  from: string;
  to: string;
  reserve_percent: string;
  admin_fee_type: 'amount' | 'percent';
  admin_fee: string;
  savings_ratio: string;
  loan_ratio: string;
  other_ratio: string;
}

/**
 * Calculate: a period's revenue sharing, asked afresh on each press (it reads the ledger as it is
 * and saves nothing). A mutation rather than a cached query, so a refusal's field messages go under
 * the form's fields instead of into the error toast every failed query raises.
 */
export function useRevenueSharing() {
  const cooperative = useCooperative();
  return useMutation({
    mutationKey: ['dividends', cooperative, 'revenue-sharing'],
    mutationFn: (params: RevenueSharingParams) =>
      routeData('GET /cooperative/dividend/revenue-sharing', { query: { ...params } }),
  });
}

// ---- dividend declarations: compute, save as a Draft, list, view, delete, approve ----

export type {
  DividendComputationView,
  DividendDeclarationView,
  DividendMemberView,
  DividendRevenueSharingView,
  DividendTotals,
} from '@coopledger/shared/dividend-views';

const APPROVE = 'POST /cooperative/dividend/declarations/approve';

/** Whether a signed-in role may approve a dividend: the roles the approve route admits (not accountants). */
export const mayApproveDividend = (role: Role | undefined): boolean => routeAdmits(APPROVE, role);

const declarationsKey = (cooperative: string | null) => ['dividends', cooperative, 'declarations'] as const;

/**
 * The compute form's values as typed (dates YYYY-MM-DD, percentages and naira as text) and, when the
 * pool was carried from a revenue sharing, that sharing's query (the server checks the pool against it).
 */
export interface DividendComputeParams {
  from: string;
  to: string;
  x_percent: string;
  y_percent: string;
  amount: string;
  revenue_sharing?: RevenueSharingParams;
}

/**
 * Compute: every member's bases and parts, nothing saved. A mutation, like Calculate above, so its
 * refusals go under the form's fields.
 */
export function useComputeDividend() {
  const cooperative = useCooperative();
  return useMutation({
    mutationKey: ['dividends', cooperative, 'compute'],
    mutationFn: (body: DividendComputeParams) => routeData('POST /cooperative/dividend/compute', { body }),
  });
}

/** Save as draft: computed again by the server and kept as a Draft with its member lines. */
export function useSaveDividend() {
  const queryClient = useQueryClient();
  const cooperative = useCooperative();
  return useMutation({
    mutationFn: (body: DividendComputeParams) => routeRequest('POST /cooperative/dividend/declarations', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: declarationsKey(cooperative) }),
  });
}

/** The saved dividends, newest first, a page at a time (the client sends the page's cursor). */
export function useDividendDeclarations(page: number) {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: [...declarationsKey(cooperative), 'list', page],
    queryFn: ({ signal }) => routeData('GET /cooperative/dividend/declarations', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One saved dividend; read again every 2 seconds while its payment into savings runs. */
export function useDividendDeclaration(id: string) {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: [...declarationsKey(cooperative), 'single', id],
    queryFn: ({ signal }) => routeData('GET /cooperative/dividend/declarations/single', { query: { id }, signal }),
    enabled: id !== '',
    refetchInterval: (query) => (query.state.data?.payment?.status === 'PAYING' ? 2000 : false),
  });
}

/** A saved dividend's member lines by member number, a page at a time. */
export function useDividendMembers(id: string, page: number) {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: [...declarationsKey(cooperative), 'members', id, page],
    queryFn: ({ signal }) =>
      routeData('GET /cooperative/dividend/declarations/members', { query: { id, page }, signal }),
    enabled: id !== '',
    placeholderData: keepPreviousData,
  });
}

/**
 * Deletes a Draft (the server refuses any other). Only the list is read again: the deleted one's
 * page is being left, and reading it again would only raise a "not found".
 */
export function useDeleteDividend() {
  const queryClient = useQueryClient();
  const cooperative = useCooperative();
  return useMutation({
    mutationFn: (id: string) => routeRequest('DELETE /cooperative/dividend/declarations', { query: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...declarationsKey(cooperative), 'list'] }),
  });
}

/** Approves a Draft: one posting to the ledger, so the reports are read again too. */
export function useApproveDividend() {
  const queryClient = useQueryClient();
  const cooperative = useCooperative();
  return useMutation({
    mutationFn: (id: string) => routeRequest(APPROVE, { query: { id } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: declarationsKey(cooperative) }),
        queryClient.invalidateQueries({ queryKey: ['reports'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}

const PAY = 'POST /cooperative/dividend/declarations/pay';

/** Whether a signed-in role may pay an approved dividend: the roles the pay route admits. */
export const mayPayDividend = (role: Role | undefined): boolean => routeAdmits(PAY, role);

/** The pay form's values: `savings_product_id` blank is each member's primary plan. */
export interface DividendPayParams {
  mode: 'savings' | 'bank';
  savings_product_id?: string;
  bank_id?: string;
}

/**
 * Pays an Approved dividend: by bank at once (200, Paid), or into savings (202, the payment runs
 * and the dividend's page follows it). Savings, the ledger and the reports change, so all are read again.
 */
export function usePayDividend() {
  const queryClient = useQueryClient();
  const cooperative = useCooperative();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: DividendPayParams }) => routeRequest(PAY, { query: { id }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: declarationsKey(cooperative) }),
        queryClient.invalidateQueries({ queryKey: ['reports'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
        queryClient.invalidateQueries({ queryKey: ['savings'] }),
      ]),
  });
}

/** The dividend report's .xlsx: every member line of a saved dividend and its totals. */
export function downloadDividendReport(dividend: {
  id: string;
  from: string | null;
  to: string | null;
}): Promise<void> {
  const name = dividend.from && dividend.to ? `${dividend.from}-to-${dividend.to}` : dividend.id;
  return routeDownload('GET /cooperative/dividend/declarations/members', `dividend-${name}.xlsx`, {
    query: { id: dividend.id, download: true },
  });
}

/** The upload's sample: Member No and Amount. */
export const downloadDividendSample = (): Promise<void> =>
  routeDownload('GET /cooperative/dividend/declarations/download-sample', 'sample-dividend-upload.xlsx');

/** Upload dividend: one .xlsx; a good file is saved as a Draft, a bad one refused row by row. */
export function useUploadDividend() {
  const queryClient = useQueryClient();
  const cooperative = useCooperative();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return routeRequest('POST /cooperative/dividend/declarations/upload', { body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: declarationsKey(cooperative) }),
  });
}

// ---- head office summary: a year's targets against the books ----

export type {
  HeadOfficeFigures,
  HeadOfficeMeasure,
  HeadOfficeRowView,
  HeadOfficeSummaries,
  HeadOfficeSummaryView,
} from '@coopledger/shared/dividend-views';

const SET_TARGETS = 'POST /cooperative/dividend/head-office-summary/targets';

/** Whether a signed-in role may set a year's targets: the roles the route admits (not accountants). */
export const maySetTargets = (role: Role | undefined): boolean => routeAdmits(SET_TARGETS, role);

const headOfficeKey = (cooperative: string | null) => ['dividends', cooperative, 'head-office'] as const;

/** One cooperative's summary of a year. */
export function useHeadOfficeSummary(year: number) {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: [...headOfficeKey(cooperative), year],
    queryFn: ({ signal }) => routeData('GET /cooperative/dividend/head-office-summary', { query: { year }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The targets form's values as typed (naira and the count as text). */
export interface HeadOfficeTargetsParams {
  year: number;
  savings_mobilised: string;
  loans_disbursed: string;
  new_members: string;
  surplus: string;
}

/** Saves a year's targets; the summaries are read again afterwards. */
export function useSaveHeadOfficeTargets() {
  const queryClient = useQueryClient();
  const cooperative = useCooperative();
  return useMutation({
    mutationFn: (body: HeadOfficeTargetsParams) => routeRequest(SET_TARGETS, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: headOfficeKey(cooperative) }),
  });
}

/** Every cooperative's summary of a year (super-admin), a page at a time; no cooperative is added. */
export function useHeadOfficeSummaries(params: { year: number; page: number }, enabled = true) {
  return useQuery({
    queryKey: ['platform-reports', 'head-office', params],
    queryFn: ({ signal }) => routeData('GET /head-office-summary', { query: { ...params }, signal, scoped: false }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

// ---- a member's own dividends (members and executives) ----

export type { MemberDividendView, MemberDividendsView } from '@coopledger/shared/dividend-views';

/**
 * The signed-in member's own dividends (Approved and Paid), for their dashboard. The server takes the
 * member and the cooperative from the sign-in, so nothing is sent; both are in the key all the same.
 */
export function useMemberDividends(cooperativeId: string | null, loginId: string) {
  return useQuery({
    queryKey: ['dashboard', 'member', cooperativeId, loginId, 'dividends'],
    queryFn: ({ signal }) => routeData('GET /member/dividends', { signal, scoped: false }),
  });
}
