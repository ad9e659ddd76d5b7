import type { Role } from '@coopledger/shared/roles';

/** The signed-in user as `GET /auth/me` returns it. */
export interface SessionUser {
  id: string;
  coop_id: string;
  firstname: string;
  lastname: string;
  email: string;
  role_id?: string;
  role_name: Role;
  status: number;
  cooperative_id: string | null;
  created_at: string;
}

/**
 * The role the menus and screens act as. It starts as the user's own role; a super-admin viewing a
 * cooperative acts as cooperative-admin, and `eshop` and `report` are menu contexts (spec 1 and 6).
 */
export type RoleContext = Role | 'eshop' | 'report';

export interface Session {
  /** The Cognito ID token last sent to the API; Amplify refreshes it and the client keeps this in step. */
  token: string;
  user: SessionUser;
  /** The member record of a member or executive; null for staff. */
  member: Record<string, unknown> | null;
  role: RoleContext;
  /** The cooperative the app is scoped to; null is the platform home of a super-admin. */
  activeCooperativeId: string | null;
  /** Remember me: the session survives closing the browser. */
  remember: boolean;
}

export interface SessionState {
  session: Session | null;
  /** Why the user was signed out by the server (406), shown once on the sign-in card. */
  notice: string | null;
}
