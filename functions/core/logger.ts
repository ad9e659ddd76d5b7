import { Logger } from '@aws-lambda-powertools/logger';
import type { LogLevel } from '@aws-lambda-powertools/logger/types';
import { SERVICE_NAME } from './metric-names.ts';
import { redact } from './redaction.ts';

/**
 * The one logger of every function: Powertools for AWS Lambda's Logger, one JSON line per call as
 * CloudWatch Logs Insights reads them. During a request each line carries the request's context
 * (request id, route, domain, cooperative, user, role: functions/core/observability.ts and
 * handler.ts); every key and value passes through `redact` (functions/core/redaction.ts), so no
 * password, token, document content or full account number is written whatever a caller passes.
 * LOG_LEVEL (or POWERTOOLS_LOG_LEVEL) sets the level when the module loads, in any case ('warn' as
 * well as Powertools' own 'WARN'), info by default; with POWERTOOLS_DEV=true (the local runtime) the
 * same lines are indented for reading.
 *
 * Call it as `logger.info('what happened', { fields })`.
 */
export const logger = new Logger({
  serviceName: SERVICE_NAME,
  jsonReplacerFn: redact,
  logLevel: (process.env.POWERTOOLS_LOG_LEVEL || process.env.LOG_LEVEL)?.toUpperCase() as LogLevel | undefined,
});
