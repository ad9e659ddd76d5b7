import type { Domain } from '@coopledger/shared/routes';

/**
 * The user-pool calls the identity code makes (functions/users/identity-provider.ts). The reset
 * calls (ForgotPassword, ConfirmForgotPassword) and ChangePassword are public Cognito APIs; they
 * are listed so that the policy states everything the function is meant to do with the pool.
 * Sign-in is AdminInitiateAuth, which needs the grant.
 */
export const COGNITO_USER_ACTIONS = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminUserGlobalSignOut',
  'cognito-idp:AdminInitiateAuth',
  'cognito-idp:ForgotPassword',
  'cognito-idp:ConfirmForgotPassword',
  'cognito-idp:ChangePassword',
] as const;

export type FileAccess = 'read' | 'readWrite';

export interface DomainPermissions {
  /** Objects in the files bucket. Presigned URLs carry the signing function's own rights. */
  files?: FileAccess;
  /** Creates, changes or signs in users of the user pool. */
  cognitoUsers?: boolean;
  /** Sends mail (SES in the cloud, the outbox locally). */
  sendsMail?: boolean;
  /** Workflows (by registry name) the domain starts; each gets its ARN as WORKFLOW_<NAME>_ARN. */
  startsWorkflows?: readonly string[];
  /**
   * Posts to and closes the chat WebSocket API's open connections (execute-api:ManageConnections, the callback URL).
   */
  chatConnections?: boolean;
}

/**
 * What each domain's function may touch beyond the table, which every domain reads and writes.
 * A domain without an entry gets the table only.
 */
export const DOMAIN_PERMISSIONS: Partial<Record<Domain, DomainPermissions>> = {
  // Sign-in and passwords; a password reset or change closes the person's chat connections.
  auth: { cognitoUsers: true, chatConnections: true },
  cooperatives: { files: 'readWrite', cognitoUsers: true, sendsMail: true },
  // Birthday templates: upload, presigned reads, delete.
  setup: { files: 'readWrite' },
  // System users: creates, updates (email, password, enable/disable) and deletes sign-ins; a new
  // password or a deactivation closes the user's chat connections.
  users: { cognitoUsers: true, chatConnections: true },
  // Members: sign-ins, documents and import files, credential mail, the member-import workflow; a
  // new password or a deactivation closes the member's chat connections.
  members: {
    files: 'readWrite',
    cognitoUsers: true,
    sendsMail: true,
    startsWorkflows: ['member-import'],
    chatConnections: true,
  },
  // Savings: import files and error reports, the savings-import workflow.
  savings: { files: 'readWrite', startsWorkflows: ['savings-import'] },
  // Loans: loan import files and error reports, the loan-import workflow.
  loans: { files: 'readWrite', startsWorkflows: ['loan-import'] },
  // Payroll: uploaded payroll files, error reports and reconciliations; the upload and reversal workflows.
  payroll: { files: 'readWrite', startsWorkflows: ['payroll-upload', 'payroll-reversal'] },
  // Dividends: the dividend-payment workflow.
  dividends: { startsWorkflows: ['dividend-payment'] },
  // Loan forms: uploaded PDFs, their presigned links.
  loanforms: { files: 'readWrite' },
  // Chat: messages are pushed to both sides' open WebSocket connections.
  chat: { chatConnections: true },
  // Notifications: a read count goes to the person's other open tabs.
  notifications: { chatConnections: true },
};

export function permissionsOf(domain: Domain): DomainPermissions {
  return DOMAIN_PERMISSIONS[domain] ?? {};
}
