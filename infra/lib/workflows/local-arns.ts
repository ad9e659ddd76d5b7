/**
 * In the definitions built for the local runtime, each Task's Resource is a Lambda ARN in this
 * account and region whose function name is the task's name, so the runtime can map it back.
 */
export const LOCAL_ACCOUNT = '000000000000';
export const LOCAL_REGION = 'eu-west-1';
const PREFIX = `arn:aws:lambda:${LOCAL_REGION}:${LOCAL_ACCOUNT}:function:`;

export function localTaskArn(task: string): string {
  return `${PREFIX}${task}`;
}

/** The task a local definition's Resource names, or undefined for any other resource. */
export function taskOfResource(resource: string): string | undefined {
  return resource.startsWith(PREFIX) ? resource.slice(PREFIX.length) : undefined;
}
