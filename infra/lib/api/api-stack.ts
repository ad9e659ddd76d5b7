import { Stack } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { CURSOR_KEY_VARIABLE } from '../../../functions/core/cursor.ts';
import { acknowledge } from '../nag/acknowledge.ts';
import type { NestedStack, StackProps } from 'aws-cdk-lib';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Construct } from 'constructs';
import type { Domain } from '@coopledger/shared/routes';
import type { ChatConnections } from '../chat/chat-stack.ts';
import type { HttpApiGateway } from '../edge/http-api.ts';
import type { AppResources } from '../lambda/environment.ts';
import type { WorkflowSpec } from '../workflows/registry.ts';
import { Workflows } from '../workflows/workflows.ts';
import { addApiRoutes } from './api-routes.ts';
import { createDomainFunctions } from './domain-functions.ts';

export interface ApiStackProps extends StackProps {
  resources: AppResources;
  gateway: HttpApiGateway;
  /** The chat WebSocket API, for the domains that push to it. */
  chat: ChatConnections;
  /** Defaults to the workflow registry. */
  workflows?: readonly WorkflowSpec[];
}

/** The domain functions, the routes that reach them, and the workflows they start. */
export class ApiStack extends Stack {
  readonly functions: Record<Domain, NodejsFunction>;
  readonly workflows: Workflows;
  /** The nested stack of the HTTP API's routes and integrations. */
  readonly routes: NestedStack;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    this.workflows = new Workflows(this, 'Workflows', { resources: props.resources, specs: props.workflows });
    this.functions = createDomainFunctions(this, props.resources, this.workflows, props.chat);
    // Behind the routes: nothing but CloudFront (and its web ACL) may call them.
    Object.values(this.functions).forEach((fn) => props.gateway.requireCloudFront(fn));
    // The key list cursors are signed with (functions/core/cursor.ts).
    const cursorKey = new Secret(this, 'CursorKey', {
      description: `CoopLedger ${props.resources.stage.name}: the key that signs list page cursors`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: props.resources.stage.removalPolicy,
    });
    acknowledge(
      cursorKey,
      'AwsSolutions-SMG4',
      'CloudFormation resolves the value into the functions at deploy time; a new key only ends the page cursors open at that moment (the web asks again by page), so it is changed by deploying with a new secret.',
    );
    Object.values(this.functions).forEach((fn) =>
      fn.addEnvironment(CURSOR_KEY_VARIABLE, cursorKey.secretValue.unsafeUnwrap()),
    );
    this.routes = addApiRoutes(this, props.gateway, this.functions, props.resources.stage);
  }
}
