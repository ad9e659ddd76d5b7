import { Duration, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { METRIC, METRICS_NAMESPACE } from '../../../functions/core/metric-names.ts';
import { pascalCase } from '../names.ts';
import type { StageConfig } from '../stage-config.ts';

/** Every alarm looks at five-minute sums (or maxima), one period at a time. */
const PERIOD = Duration.minutes(5);

/**
 * The alarm thresholds (docs/decisions.md, 2026-11-26). A domain function's Lambda errors are
 * crashes and timeouts only (the middy chain answers every AppError), so a few in five minutes page;
 * a task's or the interest run's single error fails a batch chunk or a month's run, so one pages.
 * The API's functions are never throttled by design; workflow tasks are capped by their reserved
 * concurrency and retried with backoff, so only sustained throttling of them pages.
 */
export const THRESHOLDS = {
  /** Percent of the API's requests answered 5xx in five minutes, once there are at least `api5xxMinRequests`. */
  api5xxRatePercent: 5,
  api5xxMinRequests: 20,
  domainFunctionErrors: 3,
  domainFunctionThrottles: 1,
  batchFunctionErrors: 1,
  batchFunctionThrottles: 10,
  tableThrottleEvents: 1,
  failedExecutions: 1,
  deadLetterMessages: 1,
} as const;

export interface MonitoredFunctions {
  /** One per API domain (infra/lib/api/domain-functions.ts). */
  domains: Record<string, IFunction>;
  /** Each workflow's task functions, by workflow and task name. */
  tasks: ReadonlyMap<string, Record<string, IFunction>>;
  /** The rest, by a name for the dashboard: the chat WebSocket functions, the interest run. */
  others: Record<string, IFunction>;
}

export interface MonitoringStackProps extends StackProps {
  stage: StageConfig;
  httpApi: IHttpApi;
  /** The chat WebSocket API's id; its stage is named after the stage. */
  webSocketApiId: string;
  table: ITable;
  functions: MonitoredFunctions;
  stateMachines: ReadonlyMap<string, IStateMachine>;
  deadLetterQueues: Record<string, IQueue>;
}

/**
 * What operations watches, per stage: one CloudWatch dashboard (`coopledger-<stage>`) and the alarms,
 * which notify an SNS topic (encrypted with its own key) that e-mails the stage's `alarmEmail` when
 * one is configured. The functions' business metrics (functions/core/observability.ts) are shown by
 * search, since their dimensions (domain, error code) are open-ended.
 */
export class MonitoringStack extends Stack {
  readonly dashboard: Dashboard;
  readonly alarmTopic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    const { stage, httpApi, table, functions } = props;

    const key = new Key(this, 'AlarmTopicKey', {
      description: `CoopLedger ${stage.name}: encrypts the alarm topic`,
      enableKeyRotation: true,
      removalPolicy: stage.removalPolicy,
    });
    // CloudWatch publishes alarms to the encrypted topic, so it must use the key.
    key.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );
    this.alarmTopic = new Topic(this, 'AlarmTopic', {
      displayName: `CoopLedger ${stage.name} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    if (stage.alarmEmail) this.alarmTopic.addSubscription(new EmailSubscription(stage.alarmEmail));
    const action = new SnsAction(this.alarmTopic);
    const alarm = (alarmId: string, description: string, metric: IMetric, threshold: number) => {
      const created = new Alarm(this, alarmId, {
        alarmName: `coopledger-${stage.name}-${alarmId}`,
        alarmDescription: description,
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(action);
      created.addOkAction(action);
      this.alarms.push(created);
      return created;
    };

    // The HTTP API.
    const requests = httpApi.metricCount({ period: PERIOD, statistic: 'Sum', label: 'Requests' });
    const clientErrors = httpApi.metricClientError({ period: PERIOD, statistic: 'Sum', label: '4xx' });
    const serverErrors = httpApi.metricServerError({ period: PERIOD, statistic: 'Sum', label: '5xx' });
    const latencyP99 = httpApi.metricLatency({ period: PERIOD, statistic: 'p99', label: 'Latency p99' });
    const integrationP99 = httpApi.metricIntegrationLatency({
      period: PERIOD,
      statistic: 'p99',
      label: 'Integration latency p99',
    });
    const serverErrorRate = new MathExpression({
      expression: `IF(requests >= ${THRESHOLDS.api5xxMinRequests}, 100 * errors / requests, 0)`,
      usingMetrics: { requests, errors: serverErrors },
      period: PERIOD,
      label: '5xx rate (%)',
    });
    alarm(
      'Api5xxRate',
      `More than ${THRESHOLDS.api5xxRatePercent}% of the API's requests answered 5xx in five minutes`,
      serverErrorRate,
      THRESHOLDS.api5xxRatePercent,
    );

    // Lambda, per function.
    const domainEntries = Object.entries(functions.domains);
    const taskEntries = [...functions.tasks].flatMap(([workflow, tasks]) =>
      Object.entries(tasks).map(([task, fn]): [string, IFunction] => [`${workflow} ${task}`, fn]),
    );
    const otherEntries = Object.entries(functions.others);
    for (const [name, fn] of domainEntries) {
      alarm(
        `${pascalCase(name)}FunctionErrors`,
        `The ${name} domain function failed (crashed or timed out) in five minutes`,
        fn.metricErrors({ period: PERIOD, statistic: 'Sum' }),
        THRESHOLDS.domainFunctionErrors,
      );
      alarm(
        `${pascalCase(name)}FunctionThrottles`,
        `The ${name} domain function was throttled`,
        fn.metricThrottles({ period: PERIOD, statistic: 'Sum' }),
        THRESHOLDS.domainFunctionThrottles,
      );
    }
    for (const [name, fn] of [...taskEntries, ...otherEntries]) {
      const alarmName = pascalCase(name);
      alarm(
        `${alarmName}Errors`,
        `The ${name} function failed`,
        fn.metricErrors({ period: PERIOD, statistic: 'Sum' }),
        THRESHOLDS.batchFunctionErrors,
      );
      alarm(
        `${alarmName}Throttles`,
        `The ${name} function was throttled ${THRESHOLDS.batchFunctionThrottles} times or more in five minutes`,
        fn.metricThrottles({ period: PERIOD, statistic: 'Sum' }),
        THRESHOLDS.batchFunctionThrottles,
      );
    }

    // DynamoDB.
    const readThrottles = table.metric('ReadThrottleEvents', { period: PERIOD, statistic: 'Sum', label: 'Read' });
    const writeThrottles = table.metric('WriteThrottleEvents', { period: PERIOD, statistic: 'Sum', label: 'Write' });
    alarm(
      'TableThrottles',
      'DynamoDB throttled reads or writes of the table',
      new MathExpression({
        expression: 'reads + writes',
        usingMetrics: { reads: readThrottles, writes: writeThrottles },
        period: PERIOD,
        label: 'Throttle events',
      }),
      THRESHOLDS.tableThrottleEvents,
    );

    // Step Functions.
    const failedExecutions = [...props.stateMachines].map(([name, machine]) => {
      // Labelled for the dashboard only: a labelled metric makes the alarm a metric-math one.
      const failed = machine.metricFailed({ period: PERIOD, statistic: 'Sum' });
      alarm(
        `${pascalCase(name)}FailedExecutions`,
        `A ${name} workflow execution failed`,
        failed,
        THRESHOLDS.failedExecutions,
      );
      return failed.with({ label: name });
    });

    // Dead-letter queues.
    const deadLetters = Object.entries(props.deadLetterQueues).map(([name, queue]) => {
      const depth = queue.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: 'Maximum' });
      alarm(
        `${pascalCase(name)}DeadLetters`,
        `Events of ${name} failed every retry and wait in its dead-letter queue`,
        depth,
        THRESHOLDS.deadLetterMessages,
      );
      return depth.with({ label: name });
    });

    // The WebSocket API.
    const webSocketMetric = (metricName: string, label: string) =>
      new Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiId: props.webSocketApiId, Stage: stage.name },
        period: PERIOD,
        statistic: 'Sum',
        label,
      });

    // The functions' own metrics (EMF), found by search.
    const search = (metricName: string, dimensions: string, label: string) =>
      new MathExpression({
        expression: `SEARCH('{${METRICS_NAMESPACE},${dimensions}} MetricName="${metricName}" stage="${stage.name}"', 'Sum', 300)`,
        usingMetrics: {},
        label,
        period: PERIOD,
      });

    const perFunction = (
      entries: [string, IFunction][],
      metric: (fn: IFunction, label: string) => IMetric,
    ): IMetric[] => entries.map(([name, fn]) => metric(fn, name));
    const errorsOf = (fn: IFunction, label: string) => fn.metricErrors({ period: PERIOD, statistic: 'Sum', label });
    const throttlesOf = (fn: IFunction, label: string) =>
      fn.metricThrottles({ period: PERIOD, statistic: 'Sum', label });
    const durationOf = (fn: IFunction, label: string) => fn.metricDuration({ period: PERIOD, statistic: 'p99', label });
    const wide = { width: 12, height: 6 };

    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `coopledger-${stage.name}`,
      defaultInterval: Duration.hours(3),
    });
    this.dashboard.addWidgets(
      new TextWidget({
        markdown: `# CoopLedger ${stage.name}\nAlarms notify the SNS topic of this stack. Logs: CloudWatch Logs Insights over \`/aws/lambda\` groups of the stage, one JSON line each with request_id, route, domain, cooperative, user, role.`,
        width: 24,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 4 }));
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'API requests, 4xx and 5xx',
        left: [requests],
        right: [clientErrors, serverErrors],
        ...wide,
      }),
      new GraphWidget({
        title: 'API latency p99 (ms) and 5xx rate (%)',
        left: [latencyP99, integrationP99],
        right: [serverErrorRate],
        ...wide,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Lambda errors per domain function',
        left: perFunction(domainEntries, errorsOf),
        ...wide,
      }),
      new GraphWidget({
        title: 'Lambda throttles per domain function',
        left: perFunction(domainEntries, throttlesOf),
        ...wide,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Lambda duration p99 per domain function (ms)',
        left: perFunction(domainEntries, durationOf),
        ...wide,
      }),
      new GraphWidget({
        title: 'Workflow task, chat and schedule functions: errors and throttles',
        left: perFunction([...taskEntries, ...otherEntries], errorsOf),
        right: perFunction([...taskEntries, ...otherEntries], throttlesOf),
        ...wide,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'DynamoDB throttle events', left: [readThrottles, writeThrottles], ...wide }),
      new GraphWidget({
        title: 'DynamoDB consumed capacity',
        left: [
          table.metricConsumedReadCapacityUnits({ period: PERIOD, statistic: 'Sum', label: 'Read units' }),
          table.metricConsumedWriteCapacityUnits({ period: PERIOD, statistic: 'Sum', label: 'Write units' }),
        ],
        ...wide,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'Step Functions failed executions', left: failedExecutions, ...wide }),
      new GraphWidget({
        title: 'WebSocket connections and messages',
        left: [webSocketMetric('ConnectCount', 'Connections'), webSocketMetric('MessageCount', 'Messages')],
        right: deadLetters,
        rightYAxis: { label: 'Dead letters', showUnits: false },
        ...wide,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Business metrics',
        left: [
          search(METRIC.postings, 'domain,service,stage', 'Postings'),
          search(METRIC.orderApprovals, 'domain,service,stage', 'Order approvals'),
          search(METRIC.loanApprovals, 'domain,service,stage', 'Loan approvals'),
          search(METRIC.payrollRowsPosted, 'domain,service,stage', 'Payroll rows posted'),
          search(METRIC.importRowsWritten, 'domain,service,stage', 'Import rows written'),
        ],
        ...wide,
      }),
      new GraphWidget({
        title: 'Errors by code',
        left: [search(METRIC.errors, 'code,domain,service,stage', 'Errors')],
        ...wide,
      }),
    );
  }
}
