import type { RouteDef } from './routes.ts';

/**
 * The audit trail's words (docs/decisions.md, 2026-11-27 "Audit trail"): what a change route does
 * (`action`) and to what (`entity`), read from the route table so that every route that can change
 * something has them without a list kept by hand beside the table.
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'approve',
  'deny',
  'reverse',
  'post',
  'pay',
  'close',
  'import',
  'upload',
  'password',
  'access',
  'request',
  'cancel',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  approve: 'Approved',
  deny: 'Denied',
  reverse: 'Reversed',
  post: 'Posted',
  pay: 'Paid',
  close: 'Closed',
  import: 'Imported',
  upload: 'Uploaded',
  password: 'Password set',
  access: 'Access changed',
  request: 'Requested',
  cancel: 'Cancelled',
};

/** The last path word of a route, and the action it names. */
const VERBS: Record<string, AuditAction> = {
  update: 'update',
  edit: 'update',
  'change-amount': 'update',
  'replace-surety': 'update',
  release: 'update',
  delete: 'delete',
  approve: 'approve',
  deny: 'deny',
  reject: 'deny',
  decline: 'deny',
  reverse: 'reverse',
  reversal: 'reverse',
  post: 'post',
  pay: 'pay',
  close: 'close',
  import: 'import',
  upload: 'upload',
  'upload-loan-form': 'upload',
  'update-document': 'upload',
  'change-password': 'password',
  'password-reset': 'password',
  'set-password': 'password',
  access: 'access',
  apply: 'request',
  'add-plan': 'create',
  'credit-interest': 'post',
  compute: 'create',
  status: 'update',
  settings: 'update',
  targets: 'update',
  'gl-setup': 'update',
  read: 'update',
  'read-all': 'update',
  return: 'reverse',
  cancel: 'cancel',
};

export interface AuditSubject {
  entity: string;
  action: AuditAction;
  /** A new record: its id is the one the change's first stored record carries, not one the request names. */
  creates: boolean;
}

/**
 * `POST /cooperative/transaction-order/approve` → entity `transaction-order`, action `approve`;
 * `DELETE /cooperative/department/delete` → `department`, `delete`; `POST /cooperative/member` →
 * `member`, `create`; `POST /cooperative/member/loans/apply` → `loans`, `request`. A route whose last
 * word is no verb creates (POST), changes (PUT, PATCH) or deletes (DELETE) what its path names.
 */
export function auditSubject(route: Pick<RouteDef, 'method' | 'path'>): AuditSubject {
  const words = route.path.split('/').filter(Boolean);
  const verb = VERBS[words[words.length - 1] ?? ''];
  let nouns = (verb ? words.slice(0, -1) : words).filter((word) => word !== 'details');
  if (nouns.length > 1 && (nouns[0] === 'cooperative' || nouns[0] === 'platform')) nouns = nouns.slice(1);
  if (nouns.length > 1 && nouns[0] === 'member') nouns = nouns.slice(1);
  const entity = nouns[0] === 'auth' ? 'user' : nouns.join('/') || 'cooperative';
  const action: AuditAction =
    verb ?? (route.method === 'DELETE' ? 'delete' : route.method === 'POST' ? 'create' : 'update');
  return { entity, action, creates: action === 'create' || action === 'request' || action === 'upload' };
}

/** One stored item a change set, with the fields it changed as they were and as they became. */
export interface AuditChangeView {
  /** The stored record's kind (MEMBER, TRANSACTION_ORDER, …). */
  kind: string;
  /** Its key without the cooperative. */
  key: string;
  op: 'put' | 'update' | 'delete';
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** An audit record as the Audit log and the History tabs show it. */
export interface AuditRecordView {
  /** The request's id: the record's id. */
  id: string;
  at: string;
  user: string;
  role: string;
  ip: string;
  user_agent: string;
  route: string;
  entity: string;
  entity_id: string;
  action: AuditAction;
  action_label: string;
  /** The ids the request named (transaction_id, bank_id, …). */
  ids: Record<string, string>;
  changes: AuditChangeView[];
}
