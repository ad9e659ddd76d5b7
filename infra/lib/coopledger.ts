import { App, Tags } from 'aws-cdk-lib';
import { ApiStack } from './api/api-stack.ts';
import { AuthStack } from './auth/auth-stack.ts';
import { ChatStack } from './chat/chat-stack.ts';
import { DataStack } from './data/data-stack.ts';
import { EdgeStack } from './edge/edge-stack.ts';
import { FEATURE_FLAGS } from './feature-flags.ts';
import { FirewallStack } from './firewall/firewall-stack.ts';
import type { AppResources } from './lambda/environment.ts';
import { MonitoringStack } from './monitoring/monitoring-stack.ts';
import { InterestSchedule } from './schedules/interest-schedule.ts';
import { Notifications } from './notifications/notifications.ts';
import { SiteStack } from './site/site-stack.ts';
import type { StageConfig } from './stage-config.ts';
import type { WorkflowSpec } from './workflows/registry.ts';

export interface CoopLedgerOptions {
  stage: StageConfig;
  /** Defaults to the workflow registry; tests pass their own. */
  workflows?: readonly WorkflowSpec[];
}

export interface CoopLedgerStacks {
  auth: AuthStack;
  firewall: FirewallStack;
  edge: EdgeStack;
  data: DataStack;
  api: ApiStack;
  chat: ChatStack;
  site: SiteStack;
  monitoring: MonitoringStack;
}

export interface CreateAppOptions {
  /** Added to the feature flags; tests skip bundling with `aws:cdk:bundling-stacks: []`. */
  context?: Record<string, unknown>;
  /** Where the cloud assembly goes; the CLI's choice (cdk.out) unless given. */
  outdir?: string;
}

/** An App with the project's feature flags. */
export function createApp(options: CreateAppOptions = {}): App {
  return new App({ context: { ...FEATURE_FLAGS, ...options.context }, outdir: options.outdir });
}

/**
 * The whole platform for one stage, as stacks named `CoopLedger-<stage>-<concern>`. The order is the
 * dependency order: Auth, Firewall (CloudFront's web ACL, in us-east-1), then Edge (CloudFront, the
 * HTTP and WebSocket API gateways, the user pool's web ACL), Data (its CORS names the site), Chat
 * (the WebSocket routes and function), Api (functions, some pushing to Chat's connections), and Site
 * (the web build and its config), then Monitoring (the dashboard and alarms over all of them).
 * Every stack but the Firewall is in the stage's region; the account is left to the CLI.
 */
export function buildCoopLedger(app: App, options: CoopLedgerOptions): CoopLedgerStacks {
  const { stage } = options;
  const name = (concern: string): string => `${stage.prefix}${concern}`;
  const describe = (what: string): string => `CoopLedger ${stage.name}: ${what}`;
  const env = { region: stage.region };

  const auth = new AuthStack(app, name('Auth'), {
    env,
    stage,
    description: describe('Cognito user pool and web client'),
  });
  const firewall = new FirewallStack(app, name('Firewall'), {
    stage,
    description: describe('AWS WAF web ACL of the CloudFront distribution'),
  });
  const edge = new EdgeStack(app, name('Edge'), {
    env,
    stage,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    siteWebAclArn: firewall.webAcl.attrArn,
    description: describe('CloudFront, site bucket, HTTP and WebSocket API gateways, user pool web ACL'),
  });
  const data = new DataStack(app, name('Data'), {
    env,
    stage,
    siteOrigin: edge.siteUrl,
    description: describe('DynamoDB table and files bucket'),
  });
  const resources: AppResources = {
    stage,
    table: data.table,
    filesBucket: data.filesBucket,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    siteUrl: edge.siteUrl,
  };
  const chat = new ChatStack(app, name('Chat'), {
    env,
    resources,
    api: edge.chatApi,
    description: describe('chat WebSocket routes and function'),
  });
  const api = new ApiStack(app, name('Api'), {
    env,
    resources,
    gateway: edge.gateway,
    chat: chat.connections,
    workflows: options.workflows,
    description: describe('domain functions, API routes and workflows'),
  });
  // The monthly credit-interest run lives beside the functions it shares code with.
  const interest = new InterestSchedule(api, 'InterestSchedule', { resources });
  // Notification delivery (the table's stream) and the daily notifications, beside the same code.
  const notifications = new Notifications(api, 'Notifications', {
    resources,
    table: data.table,
    chat: chat.connections,
  });
  const site = new SiteStack(app, name('Site'), {
    env,
    stage,
    siteBucket: edge.siteBucket,
    distribution: edge.distribution,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    webSocketUrl: chat.webSocketUrl,
    description: describe('web app build and config.json'),
  });

  const monitoring = new MonitoringStack(app, name('Monitoring'), {
    env,
    stage,
    httpApi: edge.gateway.api,
    webSocketApiId: edge.chatApi.apiId,
    table: data.table,
    functions: {
      domains: api.functions,
      tasks: api.workflows.taskFunctions,
      others: {
        chat: chat.functions.chat,
        'chat-authorizer': chat.functions.authorizer,
        'interest-run': interest.function,
        'notification-delivery': notifications.deliveryFunction,
        'daily-notifications': notifications.dailyFunction,
      },
    },
    stateMachines: api.workflows.stateMachines,
    deadLetterQueues: {
      'interest-run': interest.deadLetterQueue,
      'notification-delivery': notifications.failedDeliveries,
      'daily-notifications': notifications.deadLetterQueue,
    },
    description: describe('CloudWatch dashboard, alarms and their SNS topic'),
  });

  Tags.of(app).add('project', 'coopledger');
  Tags.of(app).add('stage', stage.name);
  return { auth, firewall, edge, data, api, chat, site, monitoring };
}
