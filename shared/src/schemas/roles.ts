import { z } from 'zod';
import { requiredText, statusFlag } from './common.ts';
import { ROLES, PRODUCT } from '../roles.ts';
import { idRef } from './fields.ts';

/** Role type: platform roles belong to the product, the others to cooperatives. */
export const ROLE_TYPES = [PRODUCT, 'COOPERATIVE'] as const;
export type RoleType = (typeof ROLE_TYPES)[number];

export const roleSchema = z.object({
  display_name: requiredText('Please enter a role name', 80),
  belong_to: z.enum(ROLE_TYPES, 'Please select the role type'),
  /**
   * The sign-in role whose routes the new role reaches (the route table admits sign-in roles);
   * its Role Access grid can then narrow it. Defaults: super-admin for platform roles,
   * cooperative-member for cooperative roles.
   */
  base_role: z.enum(ROLES, 'Please select the role it is based on').optional(),
  status: statusFlag('Select status')
    .optional()
    .transform((v) => v ?? 1),
});
export type RoleInput = z.infer<typeof roleSchema>;

/** The Role Access grid: Read/Write/Delete for Members, Loans, Savings and Setup. */
export const ACCESS_RESOURCES = ['members', 'loans', 'savings', 'setup'] as const;
export type AccessResource = (typeof ACCESS_RESOURCES)[number];
export const ACCESS_KINDS = ['read', 'write', 'delete'] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];
export type AccessGrid = Record<AccessResource, Record<AccessKind, boolean>>;

const permission = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], 'Tick or clear each box')
  .transform((v) => v === true || v === 1 || v === '1');
const row = z.object(
  { read: permission, write: permission, delete: permission },
  'Give read, write and delete for each area',
);

export const roleAccessSchema = z.object({
  role_id: idRef('Please select a role'),
  access: z.object({ members: row, loans: row, savings: row, setup: row }, 'Give the access of each area'),
});
export type RoleAccessInput = z.infer<typeof roleAccessSchema>;
