import { Choice, Condition, Fail, Map as MapState, Succeed } from 'aws-cdk-lib/aws-stepfunctions';
import { LambdaInvoke } from 'aws-cdk-lib/aws-stepfunctions-tasks';
import type { WorkflowSpec } from '../../../infra/lib/workflows/registry.ts';

const TASK_ENTRY = 'tests/infra/fixtures/task-handler.ts';

/** A batch shaped like the real ones will be: post each row, summarise, then branch on the outcome. */
export const TEST_WORKFLOW: WorkflowSpec = {
  name: 'test-batch',
  tasks: {
    'post-row': { entry: TASK_ENTRY },
    summarise: { entry: TASK_ENTRY, files: 'readWrite' },
  },
  define(scope, tasks) {
    const postRow = new LambdaInvoke(scope, 'PostRow', {
      lambdaFunction: tasks['post-row'],
      payloadResponseOnly: true,
    });
    const eachRow = new MapState(scope, 'EachRow', {
      itemsPath: '$.rows',
      resultPath: '$.results',
      maxConcurrency: 10,
    }).itemProcessor(postRow);
    const summarise = new LambdaInvoke(scope, 'Summarise', {
      lambdaFunction: tasks.summarise,
      payloadResponseOnly: true,
    });
    const outcome = new Choice(scope, 'AnyRowFailed')
      .when(Condition.booleanEquals('$.failed', true), new Fail(scope, 'BatchFailed', { error: 'RowsFailed' }))
      .otherwise(new Succeed(scope, 'BatchPosted'));
    return eachRow.next(summarise).next(outcome);
  },
};

/** The same flow but calling Lambda through the optimised integration, which the local runtime cannot run. */
export const INTEGRATION_WORKFLOW: WorkflowSpec = {
  name: 'uses-integration',
  tasks: { only: { entry: TASK_ENTRY } },
  define: (scope, tasks) => new LambdaInvoke(scope, 'Only', { lambdaFunction: tasks.only }),
};
