import type { Role } from '@coopledger/shared/roles';

/** The signed-in user as `POST /auth/login` returns it. */
export interface SessionUser {
  id: string;
  coop_id: string;
  firstname: string;
  lastname: string;
  email: string;
  role_name: Role;
  status: number;
  cooperative_id: string | null;
  created_at: string;
}

export interface Session {
  token: string;
  user: SessionUser;
  /** The role the app acts as; starts as the user's own role. */
  role: Role;
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
