import { Match } from 'aws-cdk-lib/assertions';
import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { DOMAINS, routeKey } from '@coopledger/shared/routes';
import { SENSITIVE_ROUTES } from '../../infra/lib/api/api-stage.ts';
import { THRESHOLDS } from '../../infra/lib/monitoring/monitoring-stack.ts';
import { stageConfig } from '../../infra/lib/stage-config.ts';
import type { StageName } from '../../infra/lib/stage-config.ts';
import { allStates, buildWorkflowDefinitions } from '../../infra/lib/workflows/definitions.ts';
import { WORKFLOWS } from '../../infra/lib/workflows/registry.ts';
import { resourcesOf } from './support/resources.ts';
import { synthCoopLedger } from './support/synth.ts';

/**
 * Operations per stage (issue 20, items 6 and 7): the dashboard, the alarms and their topic, log
 * retention, X-Ray, API throttling, reserved concurrency of the workflow tasks, retries of every
 * task state and the dead-letter queue. Each stage is synthesized once for the file.
 */
const builds = { dev: synthCoopLedger('dev'), prod: synthCoopLedger('prod') };
afterAll(() => Object.values(builds).forEach((build) => build.cleanup()));

interface AlarmProps {
  AlarmName: string;
  MetricName?: string;
  Namespace?: string;
  Statistic?: string;
  ExtendedStatistic?: string;
  Threshold: number;
  ComparisonOperator: string;
  Dimensions?: { Name: string; Value: unknown }[];
  Metrics?: { Id: string; Expression?: string; MetricStat?: { Metric: { MetricName: string; Namespace: string } } }[];
  AlarmActions: unknown[];
  OKActions?: unknown[];
}

interface FunctionProps {
  TracingConfig?: { Mode: string };
  ReservedConcurrentExecutions?: number;
  DeadLetterConfig?: { TargetArn: unknown };
  LoggingConfig?: { LogGroup: { Ref: string } };
  Environment: { Variables: Record<string, unknown> };
}

/** The dashboard's body as text, its tokens (function names, the API's id) shown as `{ref}`. */
function dashboardBody(template: Template): string {
  const [dashboard] = resourcesOf<{ DashboardBody: unknown; DashboardName: string }>(
    template,
    'AWS::CloudWatch::Dashboard',
  );
  const body = dashboard.Properties.DashboardBody as string | { 'Fn::Join': [string, unknown[]] };
  if (typeof body === 'string') return body;
  return body['Fn::Join'][1].map((part) => (typeof part === 'string' ? part : '{ref}')).join('');
}

const alarmsOf = (template: Template) => resourcesOf<AlarmProps>(template, 'AWS::CloudWatch::Alarm');
const alarmNamed = (template: Template, suffix: string) => {
  const alarm = alarmsOf(template).find((a) => a.Properties.AlarmName.endsWith(`-${suffix}`));
  if (!alarm) throw new Error(`No alarm named *-${suffix}`);
  return alarm.Properties;
};

describe.each(Object.keys(builds) as StageName[])('the %s stage', (stage) => {
  const build = builds[stage];
  const config = stageConfig(stage);
  const monitoring = build.template(build.stacks.monitoring);
  const api = build.template(build.stacks.api);
  const chat = build.template(build.stacks.chat);
  const topicId = resourcesOf(monitoring, 'AWS::SNS::Topic')[0]?.id;

  describe('the dashboard', () => {
    it(`is named coopledger-${stage}`, () => {
      monitoring.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
      monitoring.hasResourceProperties('AWS::CloudWatch::Dashboard', { DashboardName: `coopledger-${stage}` });
    });

    it.each([
      ['API requests, 4xx and 5xx', ['"AWS/ApiGateway","Count"', '"AWS/ApiGateway","4xx"', '"AWS/ApiGateway","5xx"']],
      ['API latency p99 (ms) and 5xx rate (%)', ['"AWS/ApiGateway","Latency"', '"stat":"p99"']],
      ['Lambda errors per domain function', ['"AWS/Lambda","Errors"']],
      ['Lambda throttles per domain function', ['"AWS/Lambda","Throttles"']],
      ['Lambda duration p99 per domain function (ms)', ['"AWS/Lambda","Duration"']],
      ['DynamoDB throttle events', ['"AWS/DynamoDB","ReadThrottleEvents"', '"AWS/DynamoDB","WriteThrottleEvents"']],
      [
        'DynamoDB consumed capacity',
        ['"AWS/DynamoDB","ConsumedReadCapacityUnits"', '"AWS/DynamoDB","ConsumedWriteCapacityUnits"'],
      ],
      ['Step Functions failed executions', ['"AWS/States","ExecutionsFailed"']],
      ['WebSocket connections and messages', ['"AWS/ApiGateway","ConnectCount"', '"AWS/ApiGateway","MessageCount"']],
      ['Business metrics', ['MetricName=\\"Postings\\"', 'MetricName=\\"PayrollRowsPosted\\"']],
      ['Errors by code', ['{CoopLedger,code,domain,service,stage} MetricName=\\"Errors\\"']],
    ])('has the widget "%s" with its metrics', (title, metrics) => {
      const body = dashboardBody(monitoring);
      expect(body).toContain(`"title":"${title}"`);
      for (const metric of metrics) expect(body).toContain(metric);
    });

    it('shows errors, throttles and duration for every domain function', () => {
      const body = dashboardBody(monitoring);
      for (const domain of DOMAINS) expect(body).toContain(`"label":"${domain}"`);
      // Three widgets list each domain function once.
      const labels = body.match(/"label":"auth"/g) ?? [];
      expect(labels).toHaveLength(3);
    });

    it('searches the business metrics of this stage only', () => {
      expect(dashboardBody(monitoring)).toContain(`stage=\\"${stage}\\"`);
    });
  });

  describe('the alarms', () => {
    it('notify one encrypted SNS topic, on alarm and on recovery', () => {
      monitoring.resourceCountIs('AWS::SNS::Topic', 1);
      monitoring.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
      for (const alarm of alarmsOf(monitoring)) {
        expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
        expect(alarm.Properties.OKActions).toEqual([{ Ref: topicId }]);
      }
    });

    it('e-mail no one unless the stage names an address', () => {
      expect(config.alarmEmail).toBeUndefined();
      monitoring.resourceCountIs('AWS::SNS::Subscription', 0);
    });

    it('alarm on the share of API requests answered 5xx', () => {
      const alarm = alarmNamed(monitoring, 'Api5xxRate');
      expect(alarm.Threshold).toBe(THRESHOLDS.api5xxRatePercent);
      expect(alarm.ComparisonOperator).toBe('GreaterThanOrEqualToThreshold');
      const expression = alarm.Metrics?.find((m) => m.Expression)?.Expression;
      expect(expression).toBe(`IF(requests >= ${THRESHOLDS.api5xxMinRequests}, 100 * errors / requests, 0)`);
      const stats = alarm.Metrics?.flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric.MetricName] : [])).sort();
      expect(stats).toEqual(['5xx', 'Count']);
    });

    it.each(DOMAINS.map((domain) => [domain]))('alarm on the %s function’s Lambda errors and throttles', (domain) => {
      const pascal = domain[0].toUpperCase() + domain.slice(1);
      const errors = alarmNamed(monitoring, `${pascal}FunctionErrors`);
      expect(errors).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Errors', Statistic: 'Sum' });
      expect(errors.Threshold).toBe(THRESHOLDS.domainFunctionErrors);
      expect(errors.Dimensions?.map((d) => d.Name)).toEqual(['FunctionName']);
      const throttles = alarmNamed(monitoring, `${pascal}FunctionThrottles`);
      expect(throttles).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Throttles', Statistic: 'Sum' });
      expect(throttles.Threshold).toBe(THRESHOLDS.domainFunctionThrottles);
    });

    it('alarm on every workflow task function’s errors and throttles', () => {
      for (const workflow of WORKFLOWS) {
        for (const task of Object.keys(workflow.tasks)) {
          const name = `${workflow.name}-${task}`
            .split('-')
            .map((part) => part[0].toUpperCase() + part.slice(1))
            .join('');
          expect(alarmNamed(monitoring, `${name}Errors`)).toMatchObject({ MetricName: 'Errors', Threshold: 1 });
          expect(alarmNamed(monitoring, `${name}Throttles`)).toMatchObject({
            MetricName: 'Throttles',
            Threshold: THRESHOLDS.batchFunctionThrottles,
          });
        }
      }
    });

    it('alarm on DynamoDB throttling of reads or writes', () => {
      const alarm = alarmNamed(monitoring, 'TableThrottles');
      expect(alarm.Metrics?.find((m) => m.Expression)?.Expression).toBe('reads + writes');
      const metrics = alarm.Metrics?.flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric] : []));
      expect(metrics).toEqual([
        expect.objectContaining({ Namespace: 'AWS/DynamoDB', MetricName: 'ReadThrottleEvents' }),
        expect.objectContaining({ Namespace: 'AWS/DynamoDB', MetricName: 'WriteThrottleEvents' }),
      ]);
      expect(alarm.Threshold).toBe(1);
    });

    it.each(WORKFLOWS.map((w) => [w.name]))('alarm on a failed %s execution', (workflow) => {
      const pascal = workflow
        .split('-')
        .map((part) => part[0].toUpperCase() + part.slice(1))
        .join('');
      const alarm = alarmNamed(monitoring, `${pascal}FailedExecutions`);
      expect(alarm).toMatchObject({ Namespace: 'AWS/States', MetricName: 'ExecutionsFailed', Threshold: 1 });
      expect(alarm.Dimensions?.map((d) => d.Name)).toEqual(['StateMachineArn']);
    });

    it('alarm as soon as an event waits in the interest run’s dead-letter queue', () => {
      const alarm = alarmNamed(monitoring, 'InterestRunDeadLetters');
      expect(alarm).toMatchObject({
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Statistic: 'Maximum',
        Threshold: 1,
      });
    });
  });

  describe('logs and traces', () => {
    const functions = [
      ...resourcesOf<FunctionProps>(api, 'AWS::Lambda::Function'),
      ...resourcesOf<FunctionProps>(chat, 'AWS::Lambda::Function'),
    ];

    it(`keep every function's log group for the stage's retention (${config.logRetention} days)`, () => {
      const groups = new Map(
        [
          ...resourcesOf<{ RetentionInDays: number }>(api, 'AWS::Logs::LogGroup'),
          ...resourcesOf<{ RetentionInDays: number }>(chat, 'AWS::Logs::LogGroup'),
        ].map((group) => [group.id, group.Properties.RetentionInDays]),
      );
      expect(functions.length).toBeGreaterThan(DOMAINS.length);
      for (const fn of functions) {
        const group = fn.Properties.LoggingConfig?.LogGroup.Ref;
        expect(group, fn.id).toBeDefined();
        expect(groups.get(group!), fn.id).toBe(config.logRetention);
      }
    });

    it('trace every function with X-Ray and tell Powertools its service', () => {
      for (const fn of functions) {
        expect(fn.Properties.TracingConfig, fn.id).toEqual({ Mode: 'Active' });
        expect(fn.Properties.Environment.Variables).toMatchObject({
          POWERTOOLS_SERVICE_NAME: 'coopledger',
          POWERTOOLS_METRICS_NAMESPACE: 'CoopLedger',
        });
      }
    });

    it('trace every state machine', () => {
      const machines = resourcesOf<{ TracingConfiguration?: { Enabled: boolean } }>(
        api,
        'AWS::StepFunctions::StateMachine',
      );
      expect(machines).toHaveLength(WORKFLOWS.length);
      for (const machine of machines) expect(machine.Properties.TracingConfiguration).toEqual({ Enabled: true });
    });
  });

  describe('protection under load', () => {
    const stages = resourcesOf<{
      StageName: string;
      DefaultRouteSettings: Record<string, number>;
      RouteSettings: Record<string, Record<string, number>>;
    }>(build.template(build.stacks.api.routes), 'AWS::ApiGatewayV2::Stage');

    it('throttles the HTTP API stage with the stage default', () => {
      expect(stages).toHaveLength(1);
      expect(stages[0].Properties.StageName).toBe('$default');
      expect(stages[0].Properties.DefaultRouteSettings).toEqual({
        ThrottlingRateLimit: config.apiThrottle.rateLimit,
        ThrottlingBurstLimit: config.apiThrottle.burstLimit,
      });
    });

    it('throttles sign-in, password reset and the registration form tighter than the rest', () => {
      const keys = SENSITIVE_ROUTES.map((id) => {
        const [method, path] = id.split(' ');
        return routeKey({ method: method as 'POST', path });
      });
      expect(keys).toEqual([
        'POST /api/v1/auth/login',
        'PATCH /api/v1/auth/password-reset',
        'POST /api/v1/cooperative/pending_members',
      ]);
      expect(stages[0].Properties.RouteSettings).toEqual(
        Object.fromEntries(
          keys.map((key) => [
            key,
            {
              ThrottlingRateLimit: config.sensitiveRouteThrottle.rateLimit,
              ThrottlingBurstLimit: config.sensitiveRouteThrottle.burstLimit,
            },
          ]),
        ),
      );
      expect(config.sensitiveRouteThrottle.rateLimit).toBeLessThan(config.apiThrottle.rateLimit);
      expect(config.sensitiveRouteThrottle.burstLimit).toBeLessThan(config.apiThrottle.burstLimit);
    });

    it('makes the stage after the routes it throttles (API Gateway refuses settings of unknown routes)', () => {
      const template = build.template(build.stacks.api.routes).toJSON() as {
        Resources: Record<string, { Type: string; DependsOn?: string[]; Properties: { RouteKey?: string } }>;
      };
      const [stageId] = Object.entries(template.Resources).find(([, r]) => r.Type === 'AWS::ApiGatewayV2::Stage')!;
      const routeIds = Object.entries(template.Resources)
        .filter(([, r]) => r.Type === 'AWS::ApiGatewayV2::Route')
        .map(([id]) => id);
      expect(template.Resources[stageId].DependsOn).toEqual(expect.arrayContaining(routeIds));
    });

    it('caps every workflow task function with the stage’s reserved concurrency; the API functions are not capped', () => {
      const apiFunctions = resourcesOf<FunctionProps>(api, 'AWS::Lambda::Function');
      const tasks = apiFunctions.filter((fn) => fn.id.includes('Task'));
      const taskCount = WORKFLOWS.reduce((n, w) => n + Object.keys(w.tasks).length, 0);
      expect(tasks).toHaveLength(taskCount);
      for (const task of tasks)
        expect(task.Properties.ReservedConcurrentExecutions).toBe(config.workflowTaskConcurrency);
      for (const fn of apiFunctions.filter((f) => !f.id.includes('Task')))
        expect(fn.Properties.ReservedConcurrentExecutions, fn.id).toBeUndefined();
      // At least the widest Map of the workflows, or its chunks would wait on throttling retries.
      expect(config.workflowTaskConcurrency).toBeGreaterThanOrEqual(8);
    });

    it('sends the interest run’s failed asynchronous invocations and undeliverable events to an encrypted, TLS-only queue', () => {
      const [queue] = resourcesOf<{ SqsManagedSseEnabled?: boolean; MessageRetentionPeriod: number }>(
        api,
        'AWS::SQS::Queue',
      );
      expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
      expect(queue.Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);
      api.hasResourceProperties('AWS::SQS::QueuePolicy', {
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
      const interest = resourcesOf<FunctionProps>(api, 'AWS::Lambda::Function').find((f) =>
        f.id.includes('InterestRunFunction'),
      );
      expect(JSON.stringify(interest?.Properties.DeadLetterConfig)).toContain(queue.id);
      const [rule] = resourcesOf<{ Targets: { DeadLetterConfig?: { Arn: unknown } }[] }>(api, 'AWS::Events::Rule');
      expect(JSON.stringify(rule.Properties.Targets[0].DeadLetterConfig)).toContain(queue.id);
      api.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { MaximumRetryAttempts: 2 });
    });
  });
});

describe('retries of every workflow task', () => {
  const definitions = buildWorkflowDefinitions();

  it.each(WORKFLOWS.map((w) => [w.name]))(
    'in %s, every Task state retries Lambda throttling and service errors with backoff and jitter',
    (workflow) => {
      const tasks = [...allStates(definitions[workflow])].filter(([, state]) => state.Type === 'Task');
      expect(tasks.length).toBeGreaterThanOrEqual(4);
      for (const [name, state] of tasks) {
        // Chunk tasks add a retry of their services' throttling (THROTTLE_RETRY) beside Lambda's.
        const retries = (state.Retry as { ErrorEquals: string[]; [field: string]: unknown }[] | undefined) ?? [];
        const lambda = retries.filter((r) => r.ErrorEquals.includes('Lambda.TooManyRequestsException'));
        expect(lambda, name).toHaveLength(1);
        expect(lambda[0], name).toMatchObject({ BackoffRate: 2, JitterStrategy: 'FULL' });
        expect(lambda[0].ErrorEquals, name).toEqual(expect.arrayContaining(['Lambda.ServiceException']));
        expect(lambda[0].MaxAttempts as number, name).toBeGreaterThan(1);
      }
    },
  );
});
