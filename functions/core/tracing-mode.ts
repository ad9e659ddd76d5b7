/**
 * The X-Ray SDK under Powertools' Tracer starts, as it loads, an async hook that follows every
 * promise of the process (its "automatic mode"), traced or not; it costs each request a tenth or so
 * of its CPU in the local runtime. Where nothing is traced (outside Lambda, or with
 * POWERTOOLS_TRACE_ENABLED=false) the SDK is started in manual mode instead, which adds no hook.
 * Imported by functions/core/observability.ts before the Tracer, so that this runs first; a caller's
 * own AWS_XRAY_MANUAL_MODE is left as it is.
 */
export function tracedHere(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.AWS_LAMBDA_FUNCTION_NAME !== undefined && env.POWERTOOLS_TRACE_ENABLED !== 'false';
}

if (!tracedHere()) process.env.AWS_XRAY_MANUAL_MODE ??= 'true';
