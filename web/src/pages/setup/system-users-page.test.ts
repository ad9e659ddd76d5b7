import { describe, expect, it } from 'vitest';
import type { Role } from '../../api/setup-endpoints';
import { cooperativeUserRoleChoices } from './system-users-page';

const role = (id: string, base_role: Role['base_role'], display_name = id): Role =>
  ({ id, base_role, display_name, belong_to: 'COOPERATIVE' }) as Role;

describe("a cooperative's users", () => {
  it('may hold a staff or store keeper role, or one based on them; members are added from Members', () => {
    const roles = [
      role('cooperative-admin', 'cooperative-admin', 'Cooperative Admin'),
      role('cooperative-accountant', 'cooperative-accountant', 'Cooperative Accountant'),
      role('cooperative-executive', 'cooperative-executive'),
      role('cooperative-member', 'cooperative-member'),
      role('eshop', 'eshop', 'Store keeper'),
      role('R1', 'eshop', 'Till clerk'),
      role('R2', 'cooperative-member', 'Honorary member'),
    ];
    expect(cooperativeUserRoleChoices(roles)).toEqual([
      { value: 'cooperative-admin', label: 'Cooperative Admin' },
      { value: 'cooperative-accountant', label: 'Cooperative Accountant' },
      { value: 'eshop', label: 'Store keeper' },
      { value: 'R1', label: 'Till clerk' },
    ]);
  });
});
