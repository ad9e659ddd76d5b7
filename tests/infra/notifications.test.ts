import { afterAll, describe, expect, it } from 'vitest';
import {
  DAILY_NOTIFICATIONS_TIMEOUT_SECONDS,
  DELIVERY_TIMEOUT_SECONDS,
} from '../../infra/lib/notifications/notifications.ts';
import { allowedActionsOfRole, resourcesOf } from './support/resources.ts';
import { synthCoopLedger } from './support/synth.ts';

interface FunctionProps {
  Role: { 'Fn::GetAtt': [string, string] };
  Timeout: number;
  Environment: { Variables: Record<string, unknown> };
}

const synth = synthCoopLedger('dev');
afterAll(() => synth.cleanup());
const api = synth.template(synth.stacks.api);
const data = synth.template(synth.stacks.data);
const functions = resourcesOf<FunctionProps>(api, 'AWS::Lambda::Function');
const delivery = functions.find((f) => f.id.includes('NotificationsDeliveryFunction'))!;
const daily = functions.find((f) => f.id.includes('NotificationsDailyFunction'))!;

describe('notification delivery', () => {
  it('reads the table stream (new images)', () => {
    const [table] = resourcesOf<{ StreamSpecification?: { StreamViewType: string } }>(data, 'AWS::DynamoDB::Table');
    expect(table.Properties.StreamSpecification).toEqual({ StreamViewType: 'NEW_IMAGE' });
  });

  it('is invoked only for new notification events, with retries, bisection and an on-failure queue', () => {
    const mappings = resourcesOf<{
      FunctionName: { Ref: string };
      FilterCriteria: { Filters: { Pattern: string }[] };
      BisectBatchOnFunctionError: boolean;
      FunctionResponseTypes: string[];
      MaximumRetryAttempts: number;
      DestinationConfig: { OnFailure: { Destination: unknown } };
    }>(api, 'AWS::Lambda::EventSourceMapping');
    expect(mappings).toHaveLength(1);
    const [mapping] = mappings;
    expect(mapping.Properties.FunctionName.Ref).toBe(delivery.id);
    expect(JSON.parse(mapping.Properties.FilterCriteria.Filters[0].Pattern)).toEqual({
      eventName: ['INSERT'],
      dynamodb: { NewImage: { entity: { S: ['NOTIFICATION_EVENT'] } } },
    });
    expect(mapping.Properties.BisectBatchOnFunctionError).toBe(true);
    expect(mapping.Properties.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(mapping.Properties.MaximumRetryAttempts).toBe(5);
    expect(JSON.stringify(mapping.Properties.DestinationConfig.OnFailure.Destination)).toContain('FailedDeliveries');
  });

  it('may write the table, send mail and SMS, read files and push to the chat connections', () => {
    expect(delivery.Properties.Timeout).toBe(DELIVERY_TIMEOUT_SECONDS);
    const actions = allowedActionsOfRole(api, delivery.Properties.Role['Fn::GetAtt'][0]);
    expect(actions).toEqual(
      expect.arrayContaining([
        'dynamodb:PutItem',
        'dynamodb:GetRecords',
        'ses:SendEmail',
        'sns:Publish',
        's3:GetObject',
        'execute-api:ManageConnections',
        'sqs:SendMessage',
      ]),
    );
    expect(actions).not.toContain('s3:PutObject');
    expect(actions).not.toContain('dynamodb:Scan');
    expect(JSON.stringify(delivery.Properties.Environment.Variables.WEBSOCKET_CALLBACK_URL)).toBeDefined();
  });
});

describe('the daily notifications', () => {
  it('run every morning at 06:00 Lagos time through EventBridge Scheduler, with retries and a dead-letter queue', () => {
    const schedules = resourcesOf<{
      ScheduleExpression: string;
      ScheduleExpressionTimezone: string;
      Target: {
        Arn: { 'Fn::GetAtt': [string, string] };
        RetryPolicy: { MaximumRetryAttempts: number };
        DeadLetterConfig?: { Arn: unknown };
      };
    }>(api, 'AWS::Scheduler::Schedule');
    expect(schedules).toHaveLength(1);
    const [schedule] = schedules;
    expect(schedule.Properties.ScheduleExpression).toBe('cron(0 6 * * ? *)');
    expect(schedule.Properties.ScheduleExpressionTimezone).toBe('Africa/Lagos');
    expect(schedule.Properties.Target.Arn['Fn::GetAtt'][0]).toBe(daily.id);
    expect(schedule.Properties.Target.RetryPolicy.MaximumRetryAttempts).toBe(2);
    expect(JSON.stringify(schedule.Properties.Target.DeadLetterConfig)).toContain('DailyDeadLetters');
  });

  it('use the table only (and their logs, traces and dead-letter queue)', () => {
    expect(daily.Properties.Timeout).toBe(DAILY_NOTIFICATIONS_TIMEOUT_SECONDS);
    const actions = allowedActionsOfRole(api, daily.Properties.Role['Fn::GetAtt'][0]);
    expect(
      actions.filter((a) => !a.startsWith('dynamodb:') && !a.startsWith('logs:') && !a.startsWith('xray:')),
    ).toEqual(['sqs:SendMessage']);
  });
});
