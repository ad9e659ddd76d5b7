/**
 * `npm run invoke -- <target> <event.json>`: runs one handler with one event against a fresh
 * in-memory runtime with the demo data, and prints what it returned.
 *
 *   <domain>                 functions/<domain>/handler.ts with an HTTP API event
 *   chat                     functions/chat/ws-handler.ts with a WebSocket API event
 *   workflow:<name>          one execution of a registered workflow, the event being its input
 *   workflow:<name>/<task>   one task handler of that workflow, the event being its input
 *
 * An event without token claims may name a demo login in `"x-demo-login"` (top level, or a header
 * of an HTTP event); that user is signed in through Cognito and the claims filled in, as the
 * authorizer would.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { WORKFLOWS } from '../lib/workflows/registry.ts';
import { errorText, LocalRuntimeError } from './errors.ts';
import { functionsFolder } from './handler-source.ts';
import { chatInvoker, isWebSocketEvent } from './invoke/chat.ts';
import { invokeHttp } from './invoke/http.ts';
import { invokeWorkflow, workflowTarget } from './invoke/workflow.ts';
import { hideSdkNodeVersionWarning } from './node-warnings.ts';
import { FUNCTIONS_DIR } from './paths.ts';
import { startRuntime, type Runtime, type RuntimeOptions } from './runtime.ts';

const USAGE =
  'Usage: npm run invoke -- <domain|chat|workflow:<name>[/<task>]> <event.json>, e.g. npm run invoke -- auth events/auth-login.json';
const WORKFLOW_PREFIX = 'workflow:';

function readEvent(eventFile: string): unknown {
  // npm runs scripts from the repo root; INIT_CWD is where the command was typed.
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), eventFile);
  if (!existsSync(path)) throw new LocalRuntimeError(`${eventFile} does not exist.`);
  return JSON.parse(readFileSync(path, 'utf8'));
}

async function main(): Promise<void> {
  hideSdkNodeVersionWarning();
  const [target, eventFile] = process.argv.slice(2);
  if (!target || !eventFile) throw new LocalRuntimeError(USAGE);
  const event = readEvent(eventFile);
  const isWorkflow = target.startsWith(WORKFLOW_PREFIX);
  const isSocket = !isWorkflow && isWebSocketEvent(event);
  if (!isWorkflow && !isSocket) {
    if (!existsSync(join(FUNCTIONS_DIR, target, 'handler.ts')))
      throw new LocalRuntimeError(`functions/${target}/handler.ts does not exist.`);
    if (typeof (event as { requestContext?: unknown }).requestContext !== 'object') {
      throw new LocalRuntimeError(`${eventFile} is not an API Gateway v2 event (no requestContext).`);
    }
  }
  if (isSocket && target !== 'chat')
    throw new LocalRuntimeError(`${eventFile} is a WebSocket event; only chat has a WebSocket handler.`);
  const workflow = isWorkflow ? workflowTarget(target.slice(WORKFLOW_PREFIX.length), WORKFLOWS) : undefined;

  const verbose = Boolean(process.env.VERBOSE);
  const chat = chatInvoker(functionsFolder(FUNCTIONS_DIR));
  const options: RuntimeOptions = {
    port: 0,
    inMemory: true,
    seed: true,
    handlers: chat.handlers,
    log: verbose ? (line) => console.error(`  ${line}`) : undefined,
  };
  let runtime: Runtime | undefined;
  try {
    runtime = await startRuntime(options);
    if (workflow) await invokeWorkflow(workflow, event);
    else if (isWebSocketEvent(event)) await chat.invoke(event, runtime);
    else await invokeHttp(target, event as Parameters<typeof invokeHttp>[1], runtime.env);
  } finally {
    await runtime?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`✖ ${errorText(error)}`);
    process.exit(1);
  },
);
