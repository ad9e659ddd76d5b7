import { Duration } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { acknowledge } from '../nag/acknowledge.ts';
import type { StageConfig } from '../stage-config.ts';

/**
 * The dead-letter queue of an asynchronously invoked function (and of the rule that invokes it):
 * what failed every retry waits here, encrypted and reached only over TLS, for 14 days; its depth is
 * alarmed (infra/lib/monitoring/monitoring-stack.ts).
 */
export function deadLetterQueue(scope: Construct, id: string, stage: StageConfig): Queue {
  const queue = new Queue(scope, id, {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
    removalPolicy: stage.removalPolicy,
  });
  acknowledge(
    queue,
    'AwsSolutions-SQS3',
    'This queue is itself a dead-letter queue (of a Lambda function and its EventBridge target); a failed event is read from it by hand.',
  );
  return queue;
}
