import { afterAll, describe, expect, it } from 'vitest';
import { INTEREST_RUN_TIMEOUT_SECONDS } from '../../infra/lib/schedules/interest-schedule.ts';
import { allowedActionsOfRole, resourcesOf } from './support/resources.ts';
import { synthCoopLedger } from './support/synth.ts';

interface RuleProps {
  ScheduleExpression?: string;
  State?: string;
  Targets: {
    Arn: { 'Fn::GetAtt': [string, string] };
    RetryPolicy?: { MaximumRetryAttempts: number; MaximumEventAgeInSeconds: number };
  }[];
}

const synth = synthCoopLedger('dev');
afterAll(() => synth.cleanup());
const api = synth.template(synth.stacks.api);

describe('the monthly credit-interest schedule', () => {
  const rules = resourcesOf<RuleProps>(api, 'AWS::Events::Rule');
  const fn = resourcesOf<{ Role: { 'Fn::GetAtt': [string, string] }; Timeout: number }>(
    api,
    'AWS::Lambda::Function',
  ).find((f) => f.id.includes('InterestRunFunction'));

  it('runs at 00:30 UTC on the 1st of every month', () => {
    expect(rules).toHaveLength(1);
    expect(rules[0].Properties.ScheduleExpression).toBe('cron(30 0 1 * ? *)');
    expect(rules[0].Properties.State).toBe('ENABLED');
  });

  it('invokes the interest run function, with a bounded retry (each plan-month posts once anyway)', () => {
    expect(fn).toBeDefined();
    const [target] = rules[0].Properties.Targets;
    expect(target.Arn['Fn::GetAtt'][0]).toBe(fn!.id);
    expect(target.RetryPolicy).toEqual({ MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 21600 });
    expect(fn!.Properties.Timeout).toBe(INTEREST_RUN_TIMEOUT_SECONDS);
    const permissions = resourcesOf<{
      Action: string;
      Principal: string;
      SourceArn: { 'Fn::GetAtt': [string, string] };
    }>(api, 'AWS::Lambda::Permission').filter((p) => p.Properties.Principal === 'events.amazonaws.com');
    expect(permissions).toHaveLength(1);
    expect(permissions[0].Properties.Action).toBe('lambda:InvokeFunction');
    expect(permissions[0].Properties.SourceArn['Fn::GetAtt'][0]).toBe(rules[0].id);
  });

  it('lets the function use the table, its own logs, traces and dead-letter queue only', () => {
    const actions = allowedActionsOfRole(api, fn!.Properties.Role['Fn::GetAtt'][0]);
    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'logs:PutLogEvents']),
    );
    expect(
      actions.filter((a) => !a.startsWith('dynamodb:') && !a.startsWith('logs:') && !a.startsWith('xray:')),
    ).toEqual(['sqs:SendMessage']);
    expect(actions).not.toContain('dynamodb:Scan');
  });
});
