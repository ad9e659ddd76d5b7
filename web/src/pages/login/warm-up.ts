/**
 * What a sign-in needs next, fetched while the person types their password, so that pressing Sign in
 * waits only for Cognito, the API and the dashboard's figures: Amplify with the runtime config, the
 * theming runtime, the signed-in shell and the dashboard with its chart (every role's first page but
 * the store keeper's). Each load is a chunk the browser then has; a failure here is met again, and reported, on
 * the way it is needed.
 */
export const WARM_UP_LOADS: readonly (() => Promise<unknown>)[] = [
  () => import('../../auth/amplify').then((amplify) => amplify.prepareSignIn()),
  () => import('@cloudscape-design/components/theming'),
  () => import('../../app/layout/app-shell'),
  () => import('../dashboard/dashboard-page'),
  // The staff dashboard's chart, otherwise fetched only once its figures are in.
  () => import('../dashboard/transactions-chart'),
];

type Idle = (run: () => void) => void;

/** When the browser has nothing better to do (after the sign-in card is drawn). */
const whenIdle: Idle = (run) => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 1000 });
  else window.setTimeout(run, 200);
};

let started = false;

/** Starts the loads once per page load. */
export function warmUpSignIn(idle: Idle = whenIdle, loads = WARM_UP_LOADS): void {
  if (started) return;
  started = true;
  idle(() => {
    for (const load of loads) void load().catch(() => undefined);
  });
}
