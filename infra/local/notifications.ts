import { businessDate } from '@coopledger/shared/dates';

/**
 * The local stand-ins for the notifications' cloud wiring (docs/decisions.md 2026-11-27
 * "Notifications"): DynamoDB Local's table has no stream here, so a poller reads the pending
 * notification events (their index, oldest first) a few times a second and hands them to the same
 * delivery code the stream's function runs; and a timer runs the daily job (birthdays, installment
 * reminders) at start and whenever the business date changes, where EventBridge Scheduler does it in
 * the cloud. Both are loaded only once the runtime has set the environment the functions read.
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

  const deliverNow = () =>
    (running ??= (async () => {
      try {
        const { pendingNotificationEvents } =
          await import('../../functions/notifications/notification-event-entity.ts');
        const { deliverPending } = await import('../../functions/notifications/stream.ts');
        let done = 0;
        for (;;) {
          const pending = await pendingNotificationEvents(BATCH);
          if (pending.length === 0 || stopped) return done;
          const delivered = await deliverPending(pending);
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
      if (run.birthdays + run.reminders > 0)
        log(`Daily notifications for ${day}: ${run.birthdays} birthday(s), ${run.reminders} reminder(s)`);
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
