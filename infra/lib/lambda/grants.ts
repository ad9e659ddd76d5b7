import { ArnFormat, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { TABLE_SCHEMA } from '../../../functions/core/table-schema.ts';
import { COGNITO_USER_ACTIONS } from '../domain-permissions.ts';
import { allowFindings } from '../nag/allow-findings.ts';
import type { FileAccess } from '../domain-permissions.ts';

/**
 * The item-level actions of grantReadWriteData, named one by one and scoped to the two indexes by
 * name instead of `index/*`. Scan is left out on purpose: no request path scans (DESIGN.md, STYLE.md).
 */
const TABLE_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:DescribeTable',
];

export function grantTableReadWrite(fn: IFunction, table: ITable): void {
  const indexes = TABLE_SCHEMA.globalIndexes.map((index) => `${table.tableArn}/index/${index.indexName}`);
  fn.addToRolePolicy(new PolicyStatement({ actions: TABLE_ACTIONS, resources: [table.tableArn, ...indexes] }));
}

const FILE_ACTIONS: Record<FileAccess, string[]> = {
  read: ['s3:GetObject'],
  readWrite: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
};

/** Object actions only: functions address files by key, they never list the bucket. */
export function grantFiles(fn: IFunction, bucket: IBucket, access: FileAccess): void {
  fn.addToRolePolicy(new PolicyStatement({ actions: FILE_ACTIONS[access], resources: [bucket.arnForObjects('*')] }));
  allowFindings(fn.role ?? fn, [
    {
      rule: 'AwsSolutions-IAM5',
      finding: /FilesBucket[0-9A-F]{8}.*\/\*$/,
      reason:
        'Files are addressed by keys created at run time (per cooperative and upload), so the grant covers the objects of the files bucket.',
    },
  ]);
}

export function grantCognitoUsers(fn: IFunction, userPool: IUserPool): void {
  fn.addToRolePolicy(new PolicyStatement({ actions: [...COGNITO_USER_ACTIONS], resources: [userPool.userPoolArn] }));
}

/** SES sending, for the verified identities of this account and region. */
export function grantSendMail(fn: IFunction): void {
  const identities = Stack.of(fn).formatArn({
    service: 'ses',
    resource: 'identity',
    resourceName: '*',
    arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
  });
  fn.addToRolePolicy(new PolicyStatement({ actions: ['ses:SendEmail'], resources: [identities] }));
  allowFindings(fn.role ?? fn, [
    {
      rule: 'AwsSolutions-IAM5',
      finding: /ses:.*identity\/\*/,
      reason:
        'Mail is sent from the sender identity verified in SES for the stage; the identity is configured per account, so the grant covers the identities of this account and region.',
    },
  ]);
}
