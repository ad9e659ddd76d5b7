import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { baseEnvironment } from '../lambda/environment.ts';
import type { AppResources } from '../lambda/environment.ts';
import { grantTableReadWrite } from '../lambda/grants.ts';
import { deadLetterQueue } from '../lambda/dead-letters.ts';
import { nodeFunction } from '../lambda/node-function.ts';
import { entryPath } from '../paths.ts';

/** When the run starts: 00:30 UTC on the 1st of every month (01:30 in Lagos). */
export const INTEREST_SCHEDULE = { minute: '30', hour: '0', day: '1', month: '*', year: '*' } as const;
/** A run goes through every cooperative's plans; it may take longer than an API call. */
export const INTEREST_RUN_TIMEOUT_SECONDS = 900;

export interface InterestScheduleProps {
  resources: AppResources;
}

/**
 * The monthly credit-interest run (docs/decisions.md): an EventBridge rule on the 1st of each month
 * invokes functions/schedules/interest-run.ts, which credits the month just ended to every active
 * plan. The function reads and writes the table only (no files, users, mail or workflows).
 * Redelivery is safe: each plan's month posts once (its ledger idempotency key). EventBridge invokes
 * it asynchronously: an event that still fails after the retries (or cannot be delivered) goes to the
 * dead-letter queue, whose depth is alarmed.
 */
export class InterestSchedule extends Construct {
  readonly function: NodejsFunction;
  readonly rule: Rule;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: InterestScheduleProps) {
    super(scope, id);
    this.deadLetterQueue = deadLetterQueue(this, 'DeadLetters', props.resources.stage);
    this.function = nodeFunction(this, 'InterestRunFunction', {
      entry: entryPath('functions/schedules/interest-run.ts'),
      description: 'the monthly savings interest run',
      environment: baseEnvironment(props.resources),
      stage: props.resources.stage,
      deadLetterQueue: this.deadLetterQueue,
    });
    // Lambda's own retries of an asynchronous invocation, after EventBridge's.
    this.function.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(6) });
    (this.function.node.defaultChild as CfnFunction).timeout = INTEREST_RUN_TIMEOUT_SECONDS;
    grantTableReadWrite(this.function, props.resources.table);

    this.rule = new Rule(this, 'MonthlyRule', {
      description: "Credits the previous month's savings interest on the 1st of each month",
      schedule: Schedule.cron(INTEREST_SCHEDULE),
    });
    this.rule.addTarget(
      new LambdaFunction(this.function, {
        retryAttempts: 2,
        maxEventAge: Duration.hours(6),
        deadLetterQueue: this.deadLetterQueue,
      }),
    );
  }
}
