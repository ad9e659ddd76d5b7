/**
 * Users and the signed-in person as the API sends them (functions/auth and functions/users present
 * them; web/src/api/auth.ts, the session and the system users page read them).
 */
import type { Role } from './roles.ts';

/** A user as `GET /auth/me` and `GET /user/coopledger/single` return it. */
export interface UserView {
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

/** Who the token belongs to (`/auth/me`, `/auth/signed-in`). */
export interface MeView {
  user: UserView;
  /** The member record of a member or executive; null for staff. */
  member: Record<string, unknown> | null;
}

/** `POST /auth/login`: the ID token (Cognito's) beside who it belongs to. */
export interface LoginView extends MeView {
  token: {
    type: 'bearer';
    token: string;
    /** Absent when the pool issued none. */
    refresh_token?: string;
    /** Seconds. */
    expires_in?: number;
  };
}

/** One of the signed-in person's recent actions. */
export interface ActivityView {
  at: string;
  /** In a person's words: "Applied for a loan of ₦300,000.00". */
  action: string;
  method: string;
  path: string;
  /** The same action this many times in a row (repeated sign-ins), shown once. */
  count?: number;
  cooperative_id: string | null;
}

/** A system user (platform staff, or a cooperative's staff) with the display name of their role. */
export interface SystemUserView extends UserView {
  role_display_name?: string;
}
