import { Duration, Stack, TimeZone } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { NOTIFICATION_EVENT } from '../../../functions/notifications/notification-event-entity.ts';
import type { ChatConnections } from '../chat/chat-stack.ts';
import { allowChatPush } from '../chat/chat-stack.ts';
import { deadLetterQueue } from '../lambda/dead-letters.ts';
import type { AppResources } from '../lambda/environment.ts';
import { baseEnvironment } from '../lambda/environment.ts';
import { grantFiles, grantSendMail, grantTableReadWrite } from '../lambda/grants.ts';
import { nodeFunction } from '../lambda/node-function.ts';
import { allowFindings } from '../nag/allow-findings.ts';
import { entryPath } from '../paths.ts';

/** When the daily job runs: 06:00 in Lagos, before members' day starts. */
export const DAILY_NOTIFICATIONS_SCHEDULE = { minute: '0', hour: '6' } as const;
/** The daily job goes through every cooperative's members and loans: longer than an API call. */
export const DAILY_NOTIFICATIONS_TIMEOUT_SECONDS = 900;
/** A stream batch's delivery: mail and SMS per recipient, more than an API call but bounded. */
export const DELIVERY_TIMEOUT_SECONDS = 120;

export interface NotificationsProps {
  resources: AppResources;
  /** The table whose stream carries the notification events (the Data stack's, with its stream on). */
  table: ITable;
  chat: ChatConnections;
}

/**
 * Notifications (docs/decisions.md 2026-11-27 "Notifications"):
 *  - delivery: the table's stream, filtered to INSERTs of notification events, invokes
 *    functions/notifications/stream.ts in small batches; a failed record is reported alone
 *    (ReportBatchItemFailures), a failing batch is split (bisect), tried up to 5 times over at most a
 *    day, and then described in an encrypted on-failure queue whose depth is alarmed. The function
 *    writes bell items, pushes to the chat WebSocket's connections, sends mail (SES) and SMS (SNS),
 *    and presigns birthday cards (files, read only).
 *  - the daily job: EventBridge Scheduler at 06:00 Lagos time invokes functions/notifications/daily.ts
 *    (birthday greetings, installment reminders), with retries and a dead-letter queue.
 */
export class Notifications extends Construct {
  readonly deliveryFunction: NodejsFunction;
  readonly dailyFunction: NodejsFunction;
  readonly failedDeliveries: Queue;
  readonly deadLetterQueue: Queue;
  readonly schedule: Schedule;

  constructor(scope: Construct, id: string, props: NotificationsProps) {
    super(scope, id);
    const { resources } = props;

    this.failedDeliveries = deadLetterQueue(this, 'FailedDeliveries', resources.stage);
    this.deliveryFunction = nodeFunction(this, 'DeliveryFunction', {
      entry: entryPath('functions/notifications/stream.ts'),
      description: 'delivers notification events from the table stream',
      environment: baseEnvironment(resources),
      stage: resources.stage,
    });
    (this.deliveryFunction.node.defaultChild as CfnFunction).timeout = DELIVERY_TIMEOUT_SECONDS;
    grantTableReadWrite(this.deliveryFunction, resources.table);
    grantSendMail(this.deliveryFunction);
    grantFiles(this.deliveryFunction, resources.filesBucket, 'read');
    allowChatPush(this.deliveryFunction, props.chat);
    allowSms(this.deliveryFunction);
    // Only new notification events wake the function (Lambda filters the stream before invoking).
    const insert: unknown = FilterRule.isEqual('INSERT');
    const isEvent: unknown = FilterRule.isEqual(NOTIFICATION_EVENT);
    this.deliveryFunction.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.LATEST,
        batchSize: 10,
        maxBatchingWindow: Duration.seconds(1),
        retryAttempts: 5,
        maxRecordAge: Duration.days(1),
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.failedDeliveries),
        filters: [FilterCriteria.filter({ eventName: insert, dynamodb: { NewImage: { entity: { S: isEvent } } } })],
      }),
    );

    this.deadLetterQueue = deadLetterQueue(this, 'DailyDeadLetters', resources.stage);
    this.dailyFunction = nodeFunction(this, 'DailyFunction', {
      entry: entryPath('functions/notifications/daily.ts'),
      description: 'the daily notifications: birthdays and installment reminders',
      environment: baseEnvironment(resources),
      stage: resources.stage,
      deadLetterQueue: this.deadLetterQueue,
    });
    (this.dailyFunction.node.defaultChild as CfnFunction).timeout = DAILY_NOTIFICATIONS_TIMEOUT_SECONDS;
    grantTableReadWrite(this.dailyFunction, resources.table);

    this.schedule = new Schedule(this, 'DailySchedule', {
      description: 'Birthday greetings and loan installment reminders, every morning',
      schedule: ScheduleExpression.cron({ ...DAILY_NOTIFICATIONS_SCHEDULE, timeZone: TimeZone.AFRICA_LAGOS }),
      target: new LambdaInvoke(this.dailyFunction, {
        retryAttempts: 2,
        maxEventAge: Duration.hours(6),
        deadLetterQueue: this.deadLetterQueue,
      }),
    });
    // The scheduler's role (one per stack, made by the target) may invoke the daily function's versions.
    allowFindings(Stack.of(this), [
      {
        rule: 'AwsSolutions-IAM5',
        finding: /^Resource::<NotificationsDailyFunction[0-9A-F]{8}\.Arn>:\*$/,
        reason:
          'EventBridge Scheduler invokes the daily notifications function; Lambda names its versions as the ARN with a suffix, so the grant covers the function and its versions only.',
      },
    ]);
  }
}

/** SMS straight to phone numbers: SNS publishes them without a topic, which IAM cannot narrow. */
function allowSms(fn: NodejsFunction): void {
  fn.addToRolePolicy(new PolicyStatement({ actions: ['sns:Publish'], resources: ['*'] }));
  allowFindings(fn.role ?? fn, [
    {
      rule: 'AwsSolutions-IAM5',
      finding: /Action::sns:Publish|Resource::\*/,
      reason:
        'An SMS is published to a phone number, not a topic; SNS has no resource to scope such a publish to, so the grant is sns:Publish alone.',
    },
  ]);
}
