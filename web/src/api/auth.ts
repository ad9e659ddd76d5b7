import type { SessionUser } from '../session/types';
import { apiData } from './client';

export interface LoginRequest {
  coop_id: string;
  password: string;
}

export interface LoginResult {
  token: { type: 'bearer'; token: string; refresh_token: string; expires_in: number };
  user: SessionUser;
  /** The member record of a member or executive; null for staff. */
  member: Record<string, unknown> | null;
}

export function login(request: LoginRequest): Promise<LoginResult> {
  return apiData<LoginResult>('/auth/login', { method: 'POST', body: request });
}
