import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@coopledger/shared/roles';
import type { DividendGlSetupInput } from '@coopledger/shared/schemas/dividends';
import { useSession } from '../session/use-session';
import { routeAdmits, routeData, routeRequest } from './client';

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
