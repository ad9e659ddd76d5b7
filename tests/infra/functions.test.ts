import { afterAll, describe, expect, it } from 'vitest';
import { DOMAINS } from '@coopledger/shared/routes';
import { COGNITO_USER_ACTIONS, permissionsOf } from '../../infra/lib/domain-permissions.ts';
import { INTEREST_RUN_TIMEOUT_SECONDS } from '../../infra/lib/schedules/interest-schedule.ts';
import {
  DAILY_NOTIFICATIONS_TIMEOUT_SECONDS,
  DELIVERY_TIMEOUT_SECONDS,
} from '../../infra/lib/notifications/notifications.ts';
import { WORKFLOWS } from '../../infra/lib/workflows/registry.ts';
import { allowedActionsOfRole, resourcesOf } from './support/resources.ts';
import { synthCoopLedger } from './support/synth.ts';

interface FunctionProps {
  Runtime: string;
  Architectures: string[];
  MemorySize: number;
  Timeout: number;
  Handler: string;
  Role: { 'Fn::GetAtt': [string, string] };
  Environment: { Variables: Record<string, unknown> };
  LoggingConfig?: { LogGroup: unknown };
}

const synth = synthCoopLedger('dev');
afterAll(() => synth.cleanup());

const api = synth.template(synth.stacks.api);
const chat = synth.template(synth.stacks.chat);
const apiFunctions = resourcesOf<FunctionProps>(api, 'AWS::Lambda::Function');
const chatFunctions = resourcesOf<FunctionProps>(chat, 'AWS::Lambda::Function');
const CONFIG_VARIABLES = ['STAGE', 'TABLE_NAME', 'FILES_BUCKET', 'USER_POOL_ID', 'USER_POOL_CLIENT_ID', 'SITE_URL'];

function domainFunction(domain: string) {
  const pascal = domain[0].toUpperCase() + domain.slice(1);
  const found = apiFunctions.find((fn) => fn.id.startsWith(`${pascal}Function`));
  if (found === undefined) {
    throw new Error(`No function for domain ${domain}`);
  }
  return found;
}

describe('Lambda functions', () => {
  it('exist once per domain, besides the workflow task functions', () => {
    const tasks = WORKFLOWS.reduce((count, workflow) => count + Object.keys(workflow.tasks).length, 0);
    // Beside them: the monthly interest run (infra/lib/schedules/interest-schedule.ts), and the
    // notifications' delivery (the table's stream) and daily job (infra/lib/notifications).
    const scheduled = 3;
    expect(apiFunctions).toHaveLength(DOMAINS.length + tasks + scheduled);
    for (const domain of DOMAINS) expect(domainFunction(domain)).toBeDefined();
  });

  it.each([...apiFunctions, ...chatFunctions].map((fn) => [fn.id, fn] as const))(
    '%s runs Node 22 on arm64 with the config variables',
    (_id, fn) => {
      expect(fn.Properties.Runtime).toBe('nodejs22.x');
      expect(fn.Properties.Architectures).toEqual(['arm64']);
      expect(fn.Properties.MemorySize).toBe(512);
      // API and task functions stop just under API Gateway's limit; the scheduled and stream functions have longer.
      expect(fn.Properties.Timeout).toBe(
        fn.id.includes('InterestRunFunction')
          ? INTEREST_RUN_TIMEOUT_SECONDS
          : fn.id.includes('NotificationsDailyFunction')
            ? DAILY_NOTIFICATIONS_TIMEOUT_SECONDS
            : fn.id.includes('NotificationsDeliveryFunction')
              ? DELIVERY_TIMEOUT_SECONDS
              : 29,
      );
      expect(fn.Properties.Handler).toBe('index.handler');
      expect(fn.Properties.LoggingConfig?.LogGroup).toBeDefined();
      expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(expect.arrayContaining(CONFIG_VARIABLES));
      // Lambda sets AWS_REGION itself and refuses functions that try to.
      expect(fn.Properties.Environment.Variables).not.toHaveProperty('AWS_REGION');
    },
  );

  it('keeps log retention on every function log group', () => {
    for (const template of [api, chat]) {
      for (const group of resourcesOf<{ RetentionInDays?: number }>(template, 'AWS::Logs::LogGroup')) {
        expect(group.Properties.RetentionInDays, group.id).toBeGreaterThan(0);
      }
    }
  });

  it('gives the chat function its callback URL and the right to post to connections', () => {
    const fn = chatFunctions.find((chatFn) => chatFn.id.startsWith('ChatFunction'));
    if (fn === undefined) {
      throw new Error('No chat function');
    }
    expect(JSON.stringify(fn.Properties.Environment.Variables.WEBSOCKET_CALLBACK_URL)).toContain('https://');
    expect(allowedActionsOfRole(chat, fn.Properties.Role['Fn::GetAtt'][0])).toContain('execute-api:ManageConnections');
  });

  it('gives the chat authorizer no access to data, only its logs and traces', () => {
    const authorizer = chatFunctions.find((chatFn) => chatFn.id.startsWith('ChatAuthorizerFunction'));
    expect(allowedActionsOfRole(chat, authorizer?.Properties.Role['Fn::GetAtt'][0] ?? '').sort()).toEqual([
      'logs:CreateLogStream',
      'logs:PutLogEvents',
      'xray:PutTelemetryRecords',
      'xray:PutTraceSegments',
    ]);
  });
});

describe('least privilege, per domain-permissions.ts', () => {
  it.each(DOMAINS.map((domain) => [domain]))('%s gets the table and only the extras its entry lists', (domain) => {
    // Prepare
    const permissions = permissionsOf(domain);
    // Act
    const actions = allowedActionsOfRole(api, domainFunction(domain).Properties.Role['Fn::GetAtt'][0]);
    // Assess
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query']));
    expect(actions).not.toContain('dynamodb:Scan');
    expect(actions.some((action) => action.startsWith('s3:'))).toBe(permissions.files !== undefined);
    if (permissions.files === 'readWrite') {
      expect(actions).toEqual(expect.arrayContaining(['s3:GetObject', 's3:PutObject']));
    }
    const cognito = actions.filter((action) => action.startsWith('cognito-idp:'));
    expect(cognito.sort()).toEqual(permissions.cognitoUsers ? [...COGNITO_USER_ACTIONS].sort() : []);
    expect(actions.some((action) => action.startsWith('states:'))).toBe((permissions.startsWorkflows ?? []).length > 0);
    expect(actions.includes('execute-api:ManageConnections')).toBe(permissions.chatConnections === true);
  });

  it('gives the domains that push chat messages the WebSocket callback URL', () => {
    for (const domain of DOMAINS) {
      const url = domainFunction(domain).Properties.Environment.Variables.WEBSOCKET_CALLBACK_URL;
      if (permissionsOf(domain).chatConnections) expect(JSON.stringify(url), domain).toContain('https://');
      else expect(url, domain).toBeUndefined();
    }
  });

  it('grants no wildcard actions to the domain functions', () => {
    for (const fn of apiFunctions) {
      const actions = allowedActionsOfRole(api, fn.Properties.Role['Fn::GetAtt'][0]);
      expect(
        actions.filter((action) => action.includes('*')),
        fn.id,
      ).toEqual([]);
    }
  });
});
