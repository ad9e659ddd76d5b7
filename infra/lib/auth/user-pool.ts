import { Duration } from 'aws-cdk-lib';
import { AccountRecovery, ClientAttributes, Mfa, StringAttribute, UserPool } from 'aws-cdk-lib/aws-cognito';
import type { UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { acknowledge } from '../nag/acknowledge.ts';
import type { StageConfig } from '../stage-config.ts';

/** Custom attributes the token carries; the API trusts them (DESIGN.md section 6), so only admins set them. */
export const CUSTOM_ATTRIBUTES = ['role', 'cooperative_id'] as const;

const STANDARD_ATTRIBUTES = { email: true, fullname: true, givenName: true, familyName: true, phoneNumber: true };

/** The login ID (member number or staff ID) is the username; users are created by admins only. */
export function createUserPool(scope: Construct, stage: StageConfig): UserPool {
  const pool = new UserPool(scope, 'UserPool', {
    signInAliases: { username: true },
    selfSignUpEnabled: false,
    standardAttributes: { email: { required: false, mutable: true } },
    customAttributes: {
      // Immutable: a user's role and cooperative are fixed at creation, so a token can never be
      // re-pointed at another cooperative by an attribute update.
      role: new StringAttribute({ mutable: false }),
      cooperative_id: new StringAttribute({ mutable: false }),
    },
    // The product's rule is 6 to 20 characters (the upper bound is checked by the API's schema).
    passwordPolicy: {
      minLength: 6,
      requireLowercase: false,
      requireUppercase: false,
      requireDigits: false,
      requireSymbols: false,
      tempPasswordValidity: Duration.days(7),
    },
    mfa: Mfa.OFF,
    accountRecovery: AccountRecovery.EMAIL_ONLY,
    deletionProtection: stage.retainData,
    removalPolicy: stage.removalPolicy,
  });
  acknowledge(
    pool,
    'AwsSolutions-COG1',
    "The product's password rule is 6 to 20 characters of any kind (spec: sign-in and password reset); a stricter policy would refuse passwords the product accepts.",
  );
  acknowledge(
    pool,
    'AwsSolutions-COG2',
    'The product signs in with login ID and password only; the spec has no second factor.',
  );
  acknowledge(
    pool,
    'AwsSolutions-COG8',
    'Threat protection needs the Plus feature plan, priced per active user; not justified for this workload yet.',
  );
  return pool;
}

export function createUserPoolClient(scope: Construct, pool: UserPool): UserPoolClient {
  const custom = CUSTOM_ATTRIBUTES.map((name) => name as string);
  return pool.addClient('WebClient', {
    // USER_PASSWORD_AUTH: the web app signs in with it (cognito-local has no SRP). ADMIN_USER_PASSWORD_AUTH:
    // the API's sign-in, signed with the function's role, which the user pool's web ACL does not
    // count against the functions' shared addresses (docs/decisions.md 2026-11-25).
    authFlows: { userPassword: true, userSrp: true, adminUserPassword: true },
    generateSecret: false,
    preventUserExistenceErrors: true,
    idTokenValidity: Duration.hours(1),
    accessTokenValidity: Duration.hours(1),
    refreshTokenValidity: Duration.days(30),
    readAttributes: new ClientAttributes()
      .withStandardAttributes({ ...STANDARD_ATTRIBUTES, emailVerified: true })
      .withCustomAttributes(...custom),
    // Without the custom attributes: a signed-in user must not be able to change their own role or cooperative.
    writeAttributes: new ClientAttributes().withStandardAttributes(STANDARD_ATTRIBUTES),
  });
}
