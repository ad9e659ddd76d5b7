/**
 * Roles and the Role Access grid as the API sends them (functions/roles presents them,
 * web/src/api/roles.ts and the roles pages read them).
 */
import type { Role } from './roles.ts';
import type { AccessGrid, RoleType } from './schemas/roles.ts';

export interface RoleView {
  id: string;
  display_name: string;
  name: string;
  belong_to: RoleType;
  base_role: Role;
  status: number;
  built_in: boolean;
  users: number | null;
  created_at: string | null;
}

/** A role's Read/Write/Delete grid: the saved one, or its base role's default. */
export interface RoleAccessView {
  role_id: string;
  display_name: string;
  belong_to: string;
  base_role: string;
  /** False while the role still has its base role's default grid. */
  saved: boolean;
  access: AccessGrid;
}
