import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { TABLE_SCHEMA } from '../../functions/core/table-schema.ts';
import type { PolicyJson } from './support/resources.ts';
import { actionsOf, resourcesOf } from './support/resources.ts';
import { synthCoopLedger } from './support/synth.ts';

const dev = synthCoopLedger('dev');
const prod = synthCoopLedger('prod');
afterAll(() => {
  dev.cleanup();
  prod.cleanup();
});

describe('the table', () => {
  it('is keyed as the table schema declares, on demand, with point-in-time recovery and TTL', () => {
    // Assess
    dev.template(dev.stacks.data).hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: TABLE_SCHEMA.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_SCHEMA.sortKey, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      SSESpecification: { SSEEnabled: true },
      TimeToLiveSpecification: { AttributeName: TABLE_SCHEMA.ttlAttribute, Enabled: true },
    });
  });

  it('has both global secondary indexes with their key names', () => {
    // Prepare
    const expected = TABLE_SCHEMA.globalIndexes.map((index) =>
      Match.objectLike({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      }),
    );
    // Assess
    dev.template(dev.stacks.data).hasResourceProperties('AWS::DynamoDB::Table', { GlobalSecondaryIndexes: expected });
  });

  it('is retained and deletion-protected in prod', () => {
    // Assess
    prod.template(prod.stacks.data).hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
  });

  it('is deleted with the stack in dev', () => {
    // Assess
    dev.template(dev.stacks.data).hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete' });
  });
});

describe('the buckets', () => {
  it.each([
    ['dev', dev],
    ['prod', prod],
  ] as const)('block all public access and refuse plain HTTP (%s)', (_stage, synth) => {
    for (const stack of synth.stackList) {
      // Prepare
      const template = synth.template(stack);
      const policies = resourcesOf<PolicyJson>(template, 'AWS::S3::BucketPolicy');
      for (const bucket of resourcesOf<{ PublicAccessBlockConfiguration: unknown }>(template, 'AWS::S3::Bucket')) {
        // Act
        const statements = policies
          .filter((policy) => policy.Properties.Bucket?.Ref === bucket.id)
          .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
        const deniesPlainHttp = statements.some(
          (statement) =>
            statement.Effect === 'Deny' &&
            actionsOf(statement).includes('s3:*') &&
            statement.Condition?.Bool?.['aws:SecureTransport'] === 'false',
        );
        // Assess
        expect(bucket.Properties.PublicAccessBlockConfiguration, `${stack.stackName}/${bucket.id}`).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        expect(deniesPlainHttp, `${stack.stackName}/${bucket.id} denies non-SSL requests`).toBe(true);
      }
    }
  });

  it('lets the site origin PUT and GET files, and keeps versions in prod only', () => {
    // Prepare
    const filesBucket = {
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      CorsConfiguration: {
        CorsRules: [
          Match.objectLike({
            AllowedMethods: Match.arrayWith(['GET', 'PUT']),
            AllowedOrigins: Match.arrayWith([Match.objectLike({ 'Fn::Join': Match.anyValue() })]),
          }),
        ],
      },
    };
    // Assess
    prod
      .template(prod.stacks.data)
      .hasResourceProperties('AWS::S3::Bucket', { ...filesBucket, VersioningConfiguration: { Status: 'Enabled' } });
    dev
      .template(dev.stacks.data)
      .hasResourceProperties('AWS::S3::Bucket', { ...filesBucket, VersioningConfiguration: Match.absent() });
    const origins = JSON.stringify(dev.template(dev.stacks.data).findResources('AWS::S3::Bucket'));
    expect(origins).toContain('Distribution');
  });

  it('are retained in prod', () => {
    for (const stack of prod.stackList) {
      for (const bucket of resourcesOf(prod.template(stack), 'AWS::S3::Bucket')) {
        expect(bucket.DeletionPolicy, `${stack.stackName}/${bucket.id}`).toBe('Retain');
      }
    }
  });
});

interface UserPoolProps {
  Schema: { Name: string; AttributeDataType: string; Mutable: boolean }[];
  AdminCreateUserConfig: { AllowAdminCreateUserOnly: boolean };
  Policies: { PasswordPolicy: { MinimumLength: number } };
}

interface ClientProps {
  ExplicitAuthFlows: string[];
  GenerateSecret: boolean;
  ReadAttributes: string[];
  WriteAttributes: string[];
}

describe('the user pool', () => {
  const template = dev.template(dev.stacks.auth);
  const [pool] = resourcesOf<UserPoolProps>(template, 'AWS::Cognito::UserPool');
  const [client] = resourcesOf<ClientProps>(template, 'AWS::Cognito::UserPoolClient');

  it('has immutable string attributes role and cooperative_id', () => {
    for (const name of ['role', 'cooperative_id']) {
      expect(pool.Properties.Schema).toContainEqual(
        expect.objectContaining({ Name: name, AttributeDataType: 'String', Mutable: false }),
      );
    }
  });

  it('lets only admins create users and accepts 6-character passwords', () => {
    expect(pool.Properties.AdminCreateUserConfig.AllowAdminCreateUserOnly).toBe(true);
    expect(pool.Properties.Policies.PasswordPolicy.MinimumLength).toBe(6);
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    });
  });

  it('has a public client that signs in with USER_PASSWORD_AUTH and SRP', () => {
    expect(client.Properties.ExplicitAuthFlows).toEqual(
      expect.arrayContaining(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH']),
    );
    expect(client.Properties.GenerateSecret).toBe(false);
  });

  it('lets the client read but never write the custom attributes', () => {
    expect(client.Properties.ReadAttributes).toEqual(expect.arrayContaining(['custom:role', 'custom:cooperative_id']));
    expect(client.Properties.WriteAttributes.filter((name) => name.startsWith('custom:'))).toEqual([]);
  });

  it('is retained in prod', () => {
    prod.template(prod.stacks.auth).hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
    });
  });
});
