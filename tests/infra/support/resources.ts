import type { Template } from 'aws-cdk-lib/assertions';

export interface CfnResourceJson<P> {
  id: string;
  Properties: P;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
}

/** A template's resources of one type, with the logical ID kept alongside. */
export function resourcesOf<P = Record<string, unknown>>(template: Template, type: string): CfnResourceJson<P>[] {
  const found = template.findResources(type) as Record<string, Omit<CfnResourceJson<P>, 'id'>>;
  return Object.entries(found).map(([id, resource]) => ({ id, ...resource }));
}

export interface PolicyStatementJson {
  Effect: 'Allow' | 'Deny';
  Action: string | string[];
  Resource?: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

export interface PolicyJson {
  PolicyDocument: { Statement: PolicyStatementJson[] };
  Roles?: { Ref: string }[];
  Bucket?: { Ref: string };
}

export function actionsOf(statement: PolicyStatementJson): string[] {
  return Array.isArray(statement.Action) ? statement.Action : [statement.Action];
}

/** Every action the inline policies attached to a role allow. */
export function allowedActionsOfRole(template: Template, roleId: string): string[] {
  return resourcesOf<PolicyJson>(template, 'AWS::IAM::Policy')
    .filter((policy) => policy.Properties.Roles?.some((role) => role.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement)
    .filter((statement) => statement.Effect === 'Allow')
    .flatMap(actionsOf);
}
