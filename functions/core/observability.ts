// First: decides the X-Ray SDK's mode before the Tracer loads it.
import { tracedHere } from './tracing-mode.ts';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { logger } from './logger.ts';
import type { MetricName } from './metric-names.ts';
import { METRIC, METRICS_NAMESPACE, SERVICE_NAME } from './metric-names.ts';

/**
 * Logs, metrics and traces (Powertools for AWS Lambda), wired here once for every function: the
 * domain handlers (functions/core/handler.ts), the workflow tasks, the chat WebSocket functions and
 * the scheduled interest run (`observed`). What is logged, the metric names and their dimensions
 * are recorded in docs/decisions.md (2026-11-26).
 *
 * - Logger (functions/core/logger.ts): the Lambda context on every line, and the keys a handler
 *   appends (`logContext`) cleared at the end of each invocation.
 * - Metrics: CloudWatch embedded metric format, namespace `CoopLedger`, dimensions service, stage and
 *   domain, flushed at the end of each invocation. Off outside Lambda unless
 *   POWERTOOLS_METRICS_DISABLED=false (the local runtime sets POWERTOOLS_DEV, which turns them off).
 * - Tracer: X-Ray segments for the handler and, through functions/core/clients.ts, every AWS SDK
 *   call; on only in Lambda with active tracing (Powertools turns itself off elsewhere, and
 *   POWERTOOLS_TRACE_ENABLED=false turns it off anywhere). Where it is off the X-Ray SDK runs in
 *   manual mode, without its async hook (functions/core/tracing-mode.ts).
 */

export { METRIC, METRICS_NAMESPACE, SERVICE_NAME } from './metric-names.ts';
export type { MetricName } from './metric-names.ts';

/** Metrics' own notices go to the logger; "no metrics this invocation" is normal and only debug. */
const metricsNotices = {
  debug: (message: unknown) => logger.debug(String(message)),
  info: (message: unknown) => logger.info(String(message)),
  warn: (message: unknown) =>
    String(message).startsWith('No application metrics') ? logger.debug(String(message)) : logger.warn(String(message)),
  error: (message: unknown) => logger.error(String(message)),
};

export const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: SERVICE_NAME, logger: metricsNotices });
export const tracer = new Tracer({ serviceName: SERVICE_NAME, enabled: tracedHere() });

const stage = () => process.env.STAGE ?? 'local';

/**
 * Whether metrics are recorded, decided at each call: in Lambda unless POWERTOOLS_METRICS_DISABLED is
 * true; elsewhere only when it is false. Powertools reads the variable once, when this module loads,
 * which in a process that imports functions before the local runtime sets its environment (the
 * bench) is too early.
 */
function metricsOn(): boolean {
  const disabled = process.env.POWERTOOLS_METRICS_DISABLED;
  return process.env.AWS_LAMBDA_FUNCTION_NAME === undefined ? disabled === 'false' : disabled !== 'true';
}

/** Adds `value` to a business metric of this invocation. */
export function countMetric(name: MetricName, value = 1): void {
  if (value > 0 && metricsOn()) metrics.addMetric(name, MetricUnit.Count, value);
}

/**
 * One refused or failed request, by its error code. Emitted at once as its own metric line so that
 * the `code` dimension does not apply to the invocation's other metrics.
 */
export function countError(code: string, domain: string): void {
  if (!metricsOn()) return;
  const single = metrics.singleMetric();
  single.clearDefaultDimensions();
  single.setDefaultDimensions({ service: SERVICE_NAME, stage: stage(), domain });
  single.addDimension('code', code);
  single.addMetric(METRIC.errors, MetricUnit.Count, 1);
}

/**
 * Keys added to every log line for the rest of this invocation (request id, route, cooperative,
 * user, role); they are cleared when the invocation ends.
 */
export function logContext(keys: Record<string, string | null | undefined>): void {
  const present = Object.fromEntries(Object.entries(keys).filter(([, value]) => value !== undefined && value !== null));
  logger.appendKeys(present);
}

/**
 * The middlewares of every function, first in its middy chain: traces, the logger's Lambda context
 * (and its keys reset after each invocation), the domain on every line, metrics with the stage and
 * domain dimensions, flushed after each invocation (also after an error).
 */
export function observability(domain: string): middy.MiddlewareObj[] {
  return [
    captureLambdaHandler(tracer, { captureResponse: false }),
    injectLambdaContext(logger, { resetKeys: true }),
    logMetrics(metrics),
    {
      before: () => {
        // Replaced whole (setting over an existing dimension warns): one process may serve several domains locally.
        metrics.clearDefaultDimensions();
        metrics.setDefaultDimensions({ service: SERVICE_NAME, stage: stage(), domain });
        logger.appendKeys({ domain });
      },
    },
  ];
}

/**
 * A function other than a domain handler (workflow task, WebSocket handler or authorizer, scheduled
 * run) in the same chain; `domain` names it in logs and metrics, `keys` (optional) gives the log
 * context an event carries (the cooperative and run of a workflow task). Lambda always passes a
 * context; callers in process (tests, the local CLIs) may leave it out.
 */
export function observed<E, R>(
  domain: string,
  handler: (event: E) => Promise<R>,
  keys?: (event: E) => Record<string, string | null | undefined>,
): (event: E, context?: Context) => Promise<R> {
  const wrapped = middy<E, R>(handler).use(observability(domain));
  if (keys) wrapped.before((request) => logContext(keys(request.event)));
  return (event, context) => wrapped(event, context ?? ({} as Context));
}

/** The log context of a workflow task's input: its cooperative and the run or import it works on. */
export const taskKeys = (input: { cooperative_id?: string; import_id?: string; run_id?: string }) => ({
  cooperative: input.cooperative_id,
  import_id: input.import_id,
  run_id: input.run_id,
});
