/**
 * The environment variable that tells a function a workflow's state machine ARN. Both CDK (which
 * sets it) and `startWorkflow` (which reads it) and the local runtime use this one function, so the
 * names cannot drift apart. Kept free of imports so CDK code can load it without the AWS SDK.
 *
 * `payroll-upload` -> `WORKFLOW_PAYROLL_UPLOAD_ARN`
 */
export function workflowArnVariable(name: string): string {
  return `WORKFLOW_${name.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase()}_ARN`;
}
