import { addDays, businessDate, daysInMonth } from '@coopledger/shared/dates';
import { formatNaira } from '@coopledger/shared/money';
import { ELECTION_STATUS, MEMBER_STATUS, isActive } from '@coopledger/shared/statuses';
import { TransactionConditionFailed, transactWrite } from '#core/db';
import { keys } from '#core/keys';
import { logger } from '#core/logger';
import { observed } from '#core/observability';
import type { CooperativeRecord } from '../cooperatives/cooperative-store.ts';
import { listCooperatives } from '../cooperatives/cooperative-store.ts';
import type { MemberRecord } from '../members/member-entity.ts';
import { membersOf } from '../members/member-entity.ts';
import { electionsOf } from '../voting/election-entity.ts';
import { cooperativeDueItems } from '../payroll/due-entity.ts';
import { setupRecords } from '../setup/setup-entity.ts';
import { markerPut } from './marker-entity.ts';
import type { NotificationEventInput } from './notification-event-entity.ts';
import { notice } from './notify.ts';

/**
 * The daily notifications (docs/decisions.md 2026-11-27 "Notifications"): birthday greetings,
 * reminders of loan installments due in REMINDER_DAYS days, and the opening of an election's voting.
 * EventBridge Scheduler starts it every morning (infra/lib/notifications); the local runtime's timer
 * runs the same code. Each greeting, reminder and notice is an outbox event written with its marker
 * under a condition, so running it again the same day (a retry, a restart) tells nobody twice; a
 * cooperative that fails does not stop the others.
 */
export const REMINDER_DAYS = 3;
/** A reminder's marker is kept a little past its due date; a birthday's for the year. */
const REMINDER_KEEP_SECONDS = 40 * 24 * 60 * 60;
/** An election notice's marker outlives any rerun of its day. */
const ELECTION_KEEP_SECONDS = 40 * 24 * 60 * 60;

export interface DailyRun {
  date: string;
  birthdays: number;
  reminders: number;
  /** Members told of an election opening on the day. */
  elections: number;
  failed: string[];
}

/** Whether a date of birth falls on `date` (a 29 February birthday is kept on the 28th in other years). */
export function isBirthday(dob: string | undefined, date: string): boolean {
  if (!dob || !/^\d{4}-\d{2}-\d{2}$/.test(dob)) return false;
  const [, month, day] = dob.split('-');
  const [year, todayMonth, todayDay] = date.split('-');
  if (month === todayMonth && day === todayDay) return true;
  const leap = daysInMonth(Number(year), 2) === 29;
  return month === '02' && day === '29' && !leap && todayMonth === '02' && todayDay === '28';
}

export async function runDaily(date: string = businessDate(), now = new Date()): Promise<DailyRun> {
  const run: DailyRun = { date, birthdays: 0, reminders: 0, elections: 0, failed: [] };
  for (const cooperative of (await listCooperatives()).filter((c: CooperativeRecord) => isActive(c.status))) {
    try {
      const one = await runDailyFor(cooperative, date, now);
      run.birthdays += one.birthdays;
      run.reminders += one.reminders;
      run.elections += one.elections;
    } catch (error) {
      logger.error('daily notifications not sent', { cooperative: cooperative.code, date, error });
      run.failed.push(cooperative.code);
    }
  }
  logger.info('daily notifications', { ...run });
  return run;
}

/** One cooperative's greetings, reminders and election notices of a day. */
export async function runDailyFor(
  cooperative: Pick<CooperativeRecord, 'id' | 'name'>,
  date: string,
  now = new Date(),
): Promise<{ birthdays: number; reminders: number; elections: number }> {
  // One read of the members a day (a background read, not a request's), for the greetings and the notices.
  const members = (await membersOf(cooperative.id)).filter((m) => m.status !== MEMBER_STATUS.INACTIVE);
  return {
    birthdays: await birthdays(cooperative, members, date, now),
    reminders: await reminders(cooperative.id, addDays(date, REMINDER_DAYS), now),
    elections: await electionsOpening(cooperative.id, members, date, now),
  };
}

/**
 * Tells every member of an active election whose voting opens on `date`, one event each with its own
 * marker (as the greetings): a rerun the same day tells nobody twice, and no event lists a whole
 * cooperative's members (an item holds at most 400 KB).
 */
async function electionsOpening(
  cooperativeId: string,
  members: readonly MemberRecord[],
  date: string,
  now: Date,
): Promise<number> {
  const opening = (await electionsOf(cooperativeId)).filter(
    (e) => e.status === ELECTION_STATUS.ACTIVE && e.start_date === date,
  );
  let sent = 0;
  for (const election of opening)
    for (const member of members) {
      const event: NotificationEventInput = {
        type: 'election.opened',
        recipients: [member.id],
        data: { election: election.name, end_date: election.end_date, election_id: election.id },
      };
      const marker = markerPut(keys.electionNotice(cooperativeId, member.id, election.id), now, ELECTION_KEEP_SECONDS);
      if (await once(marker, cooperativeId, event)) sent += 1;
    }
  return sent;
}

/**
 * Greets each member whose birthday it is, with the cooperative's birthday card (its newest
 * template, when it has one). The job reads the cooperative's members once a day: a background
 * read, not a request's.
 */
async function birthdays(
  cooperative: Pick<CooperativeRecord, 'id' | 'name'>,
  members: readonly MemberRecord[],
  date: string,
  now: Date,
): Promise<number> {
  const celebrating = members.filter((m) => isBirthday(m.dob, date));
  if (celebrating.length === 0) return 0;
  const templates = await setupRecords.template.list(cooperative.id);
  const card = templates.toSorted((a, b) => b.id.localeCompare(a.id))[0];
  const year = Number(date.slice(0, 4));
  let sent = 0;
  for (const member of celebrating) {
    const event: NotificationEventInput = {
      type: 'birthday',
      recipients: [member.id],
      data: { name: member.firstname, cooperative: cooperative.name, image_key: card?.object_key },
    };
    if (await once(markerPut(keys.birthdayGreeting(cooperative.id, member.id, year), now), cooperative.id, event))
      sent += 1;
  }
  return sent;
}

/** Reminds each member with a repaying loan of the installment due on `dueDate`. */
async function reminders(cooperativeId: string, dueDate: string, now: Date): Promise<number> {
  const { loans } = await cooperativeDueItems(cooperativeId);
  let sent = 0;
  for (const loan of loans) {
    const owed = loan.owed_by_date[dueDate] ?? 0;
    if (owed <= 0) continue;
    const event: NotificationEventInput = {
      type: 'installment.due',
      recipients: [loan.member_id],
      data: { amount: formatNaira(owed), product: loan.product_name, due_date: dueDate, loan_id: loan.id },
    };
    const marker = markerPut(
      keys.installmentReminder(cooperativeId, loan.member_id, loan.id, dueDate),
      now,
      REMINDER_KEEP_SECONDS,
    );
    if (await once(marker, cooperativeId, event)) sent += 1;
  }
  return sent;
}

/** The event with its marker; false when the marker was there (sent before). */
async function once(marker: ReturnType<typeof markerPut>, cooperativeId: string, event: NotificationEventInput) {
  const [put] = notice(cooperativeId, event);
  if (!put) return false;
  try {
    await transactWrite([marker, put]);
    return true;
  } catch (error) {
    if (error instanceof TransactionConditionFailed) return false;
    throw error;
  }
}

/** The schedule's target; the event's `time` is when it fired (the run's business date). */
const daily = async (event: { time?: string }) => {
  const at = event.time ? new Date(event.time) : new Date();
  return runDaily(businessDate(at), new Date());
};

export const handler = observed('notifications', daily);
