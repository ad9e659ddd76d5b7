import { businessDate } from '@coopledger/shared/dates';
import type { NotificationEventRecord } from '../../functions/notifications/notification-event-entity.ts';
import { invocationScope, lambdaContext } from './http/lambda-context.ts';
import { LOCAL } from './local-names.ts';

/**
 * The local stand-ins for the notifications' cloud wiring (docs/decisions.md 2026-11-27
 * "Notifications"): DynamoDB Local's table has no stream here, so a poller reads the pending
 * notification events (their index, oldest first) a few times a second and invokes the stream's
 * function with each as a stream record, in an invocation scope of its own, as Lambda would; and a
 * timer runs the daily job (birthdays, installment reminders) at start and whenever the business date
 * changes, where EventBridge Scheduler does it in the cloud. Both are loaded only once the runtime
 * has set the environment the functions read.
 */
export interface LocalNotifications {
  /** Delivers what is pending now (tests wait on delivery without sleeping through the interval). */
  deliverNow(): Promise<number>;
  stop(): Promise<void>;
}

const POLL_MS = 250;
const BATCH = 25;
/** How often the timer looks at the date (the job runs once per business date). */
const DAY_CHECK_MS = 60_000;

export function startLocalNotifications(log: (line: string) => void): LocalNotifications {
  let stopped = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let lastDay: string | undefined;

  /** One event through the delivery function's own handler, in an invocation scope of its own. */
  const invoke = async (event: NotificationEventRecord): Promise<boolean> => {
    const { handler, streamRecordOf, localDeliveryFailed } = await import('../../functions/notifications/stream.ts');
    const context = lambdaContext('notifications', LOCAL.region, LOCAL.accountId, log);
    const answer = await invocationScope(context, () => handler({ Records: [streamRecordOf(event)] }, context)).catch(
      (error: unknown) => ({ batchItemFailures: [{ itemIdentifier: event.id }], error }),
    );
    if (answer.batchItemFailures.length === 0) return true;
    const why = 'error' in answer ? String(answer.error) : 'the delivery failed (see its log)';
    await localDeliveryFailed(event, why).catch(() => undefined);
    return false;
  };

  const deliverNow = () =>
    (running ??= (async () => {
      try {
        const { pendingNotificationEvents } =
          await import('../../functions/notifications/notification-event-entity.ts');
        let done = 0;
        for (;;) {
          const pending = await pendingNotificationEvents(BATCH);
          if (pending.length === 0 || stopped) return done;
          let delivered = 0;
          for (const event of pending) if (await invoke(event)) delivered += 1;
          done += delivered;
          // Every one failed: leave them for the next round rather than spin on them.
          if (delivered === 0) return done;
        }
      } catch (error) {
        if (!stopped) log(`notifications: ${(error as Error).message}`);
        return 0;
      } finally {
        running = undefined;
      }
    })());

  const poll = () => {
    pollTimer = setTimeout(() => {
      void deliverNow().finally(() => {
        if (!stopped) poll();
      });
    }, POLL_MS);
  };

  const daily = async () => {
    const day = businessDate();
    if (day === lastDay || stopped) return;
    lastDay = day;
    try {
      const { runDaily } = await import('../../functions/notifications/daily.ts');
      const run = await runDaily(day);
      if (run.birthdays + run.reminders + run.elections > 0)
        log(
          `Daily notifications for ${day}: ${run.birthdays} birthday(s), ${run.reminders} reminder(s), ` +
            `${run.elections} election notice(s)`,
        );
    } catch (error) {
      if (!stopped) log(`daily notifications: ${(error as Error).message}`);
    }
  };

  poll();
  void daily();
  const dayTimer = setInterval(() => void daily(), DAY_CHECK_MS);
  dayTimer.unref();

  return {
    deliverNow,
    async stop() {
      stopped = true;
      clearTimeout(pollTimer);
      clearInterval(dayTimer);
      await running?.catch(() => undefined);
    },
  };
}
