import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { grantFiles, grantTableReadWrite } from '../lambda/grants.ts';
import { baseEnvironment } from '../lambda/environment.ts';
import type { AppResources } from '../lambda/environment.ts';
import { nodeFunction } from '../lambda/node-function.ts';
import { allowFindings } from '../nag/allow-findings.ts';
import { entryPath } from '../paths.ts';
import { pascalCase } from '../names.ts';
import { WORKFLOWS, workflowArnVariable } from './registry.ts';
import type { WorkflowSpec } from './registry.ts';
import { workflowStateMachine } from './state-machine.ts';

export interface WorkflowsProps {
  resources: AppResources;
  /** Defaults to the registry; tests pass their own. */
  specs?: readonly WorkflowSpec[];
}

/** The Step Functions state machines of every registered workflow, with their task functions. */
export class Workflows extends Construct {
  private readonly machines = new Map<string, StateMachine>();
  /** Each workflow's task functions by task name, for monitoring. */
  readonly taskFunctions = new Map<string, Record<string, LambdaFunction>>();

  constructor(scope: Construct, id: string, props: WorkflowsProps) {
    super(scope, id);
    for (const spec of props.specs ?? WORKFLOWS) {
      this.machines.set(spec.name, this.createWorkflow(spec, props.resources));
    }
  }

  /**
   * Lets `fn` start the named workflow and follow its executions (`startWorkflow` and
   * `describeWorkflow` in functions/core/workflows.ts), and tells it the ARN as WORKFLOW_<NAME>_ARN.
   */
  /** The state machines by workflow name. */
  get stateMachines(): ReadonlyMap<string, StateMachine> {
    return this.machines;
  }

  allowStart(fn: LambdaFunction, name: string): void {
    const machine = this.machines.get(name);
    if (machine === undefined) {
      throw new Error(`No workflow named "${name}" in the registry (infra/lib/workflows/registry.ts).`);
    }
    machine.grantStartExecution(fn);
    machine.grantExecution(fn, 'states:DescribeExecution');
    fn.addEnvironment(workflowArnVariable(name), machine.stateMachineArn);
    // The grant lands in the function's role, which nodeFunction creates beside the function.
    allowFindings(fn.role ?? fn, [
      {
        rule: 'AwsSolutions-IAM5',
        // The partition and region are literals when the stack names its region, tokens otherwise.
        finding:
          /^Resource::arn:(<AWS::Partition>|aws):states:(<AWS::Region>|[a-z0-9-]+):<AWS::AccountId>:execution:.*:\*$/,
        reason:
          'Execution ARNs end in names chosen at start time, so reading executions of this state machine needs a wildcard after its name.',
      },
    ]);
  }

  private createWorkflow(spec: WorkflowSpec, resources: AppResources): StateMachine {
    const scope = new Construct(this, pascalCase(spec.name));
    const tasks: Record<string, LambdaFunction> = {};
    for (const [name, task] of Object.entries(spec.tasks)) {
      const fn = nodeFunction(scope, `${pascalCase(name)}Task`, {
        entry: entryPath(task.entry),
        handler: task.handler,
        description: `workflow ${spec.name}, task ${name}`,
        environment: baseEnvironment(resources),
        stage: resources.stage,
        // A batch runs beside the API: capped, so it cannot take the concurrency the API needs.
        reservedConcurrency: resources.stage.workflowTaskConcurrency,
      });
      grantTableReadWrite(fn, resources.table);
      if (task.files) {
        grantFiles(fn, resources.filesBucket, task.files);
      }
      tasks[name] = fn;
    }
    this.taskFunctions.set(spec.name, tasks);
    const logGroup = new LogGroup(scope, 'ExecutionLogs', {
      // The vended-logs prefix keeps Step Functions from growing the account's log resource policy.
      logGroupName: `/aws/vendedlogs/states/coopledger-${resources.stage.name}-${spec.name}`,
      retention: resources.stage.logRetention,
      removalPolicy: resources.stage.removalPolicy,
    });
    const settings = { memberImportConcurrency: resources.stage.memberImportConcurrency };
    const machine = workflowStateMachine(scope, { spec, tasks, settings, logGroup });
    allowFindings(machine, [
      {
        rule: 'AwsSolutions-IAM5',
        finding: /^Resource::<[A-Za-z0-9]+Task[0-9A-F]{8}\.Arn>:\*$/,
        reason:
          'The state machine may invoke any version of its own task functions: that is how Step Functions grants a Lambda ARN.',
      },
      {
        rule: 'AwsSolutions-IAM5',
        finding: /^Resource::\*$/,
        reason: 'Step Functions log delivery and X-Ray tracing accept no resource narrower than "*".',
      },
    ]);
    return machine;
  }
}
