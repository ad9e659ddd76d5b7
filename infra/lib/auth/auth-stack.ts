import { Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import type { StageConfig } from '../stage-config.ts';
import { createUserPool, createUserPoolClient } from './user-pool.ts';

export interface AuthStackProps extends StackProps {
  stage: StageConfig;
}

/** Sign-in: the Cognito user pool and the web app's client. Retained in prod. */
export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    this.userPool = createUserPool(this, props.stage);
    this.userPoolClient = createUserPoolClient(this, this.userPool);
  }
}
