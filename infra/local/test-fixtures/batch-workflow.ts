import { Choice, Condition, Fail, Map as MapState, Succeed } from 'aws-cdk-lib/aws-stepfunctions';
import { LambdaInvoke } from 'aws-cdk-lib/aws-stepfunctions-tasks';
import type { WorkflowSpec } from '../../lib/workflows/registry.ts';

const ENTRY = 'infra/local/test-fixtures/batch-tasks.ts';

/**
 * A workflow shaped like the app's batches will be (tests/infra/support/test-workflow.ts), with
 * tasks that compute something: post each row, summarise, then fail the batch if any row was skipped.
 */
export const BATCH_WORKFLOW: WorkflowSpec = {
  name: 'local-batch',
  tasks: {
    'post-row': { entry: ENTRY, handler: 'postRow' },
    summarise: { entry: ENTRY, handler: 'summarise' },
  },
  define(scope, tasks) {
    const postRow = new LambdaInvoke(scope, 'PostRow', {
      lambdaFunction: tasks['post-row'],
      payloadResponseOnly: true,
    });
    const eachRow = new MapState(scope, 'EachRow', {
      itemsPath: '$.rows',
      resultPath: '$.results',
      maxConcurrency: 4,
    }).itemProcessor(postRow);
    const summarise = new LambdaInvoke(scope, 'Summarise', {
      lambdaFunction: tasks.summarise,
      payloadResponseOnly: true,
    });
    const outcome = new Choice(scope, 'AnyRowSkipped')
      .when(
        Condition.booleanEquals('$.failed', true),
        new Fail(scope, 'BatchFailed', { error: 'RowsSkipped', cause: 'Some rows were not posted' }),
      )
      .otherwise(new Succeed(scope, 'BatchPosted'));
    return eachRow.next(summarise).next(outcome);
  },
};
