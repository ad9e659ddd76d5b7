import { describe, expect, it } from 'vitest';
import { auditSubject } from './audit.ts';

describe('auditSubject: what a change route does, and to what', () => {
  it.each([
    ['POST', '/cooperative/transaction-order/approve', 'transaction-order', 'approve', false],
    ['DELETE', '/cooperative/department/delete', 'department', 'delete', false],
    ['POST', '/cooperative/member', 'member', 'create', true],
    ['POST', '/cooperative/member/details/edit', 'member', 'update', false],
    ['POST', '/cooperative/member/details/change-password', 'member', 'password', false],
    ['POST', '/cooperative/member/loans/apply', 'loans', 'request', true],
    ['POST', '/cooperative', 'cooperative', 'create', true],
    ['POST', '/auth/change-password', 'user', 'password', false],
    ['POST', '/roles/access', 'roles', 'access', false],
    ['POST', '/member/e-shop/order/cancel', 'e-shop/order', 'cancel', false],
  ] as const)('%s %s: %s, %s', (method, path, entity, action, creates) => {
    expect(auditSubject({ method, path })).toEqual({ entity, action, creates });
  });
});
