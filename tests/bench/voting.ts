import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../functions/core/clients.ts';
import { table } from '../../functions/core/db.ts';
import { memberPut } from '../../functions/members/member-store.ts';
import { MEMBER_STATUS } from '../../shared/src/statuses.ts';
import { addContestant } from '../../functions/voting/contestants.ts';
import { createElection } from '../../functions/voting/elections.ts';
import type { ContestantRecord } from '../../functions/voting/contestant-entity.ts';
import { getElection } from '../../functions/voting/election-entity.ts';
import { contestantsOf, positionsOf } from '../../functions/voting/store.ts';
import { castVote } from '../../functions/voting/votes.ts';
import type { LatencyResult } from './measure.ts';
import { run } from './measure.ts';

/**
 * Ballots at election opening (functions/voting/votes.ts): `members` members vote at 16 clients in
 * one election of one position with four contestants, so every ballot's transaction moves the same
 * election head and position counts (the hot items) and one of four contestant counts. The counts are
 * checked against the ballots before the rate is reported.
 */
export interface VotingResult {
  ballots: LatencyResult;
  votesCast: number;
  contestantVotes: number[];
}

const CONTESTANTS = 4;

/** Active members in the app's item shape (members/member-store.ts `memberPut`), as an import writes them. */
export async function putMembers(cooperativeId: string, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 25) {
    let pending = ids.slice(i, i + 25).map((id, j) => {
      const { item } = memberPut({
        coop_id: id,
        cooperative_id: cooperativeId,
        firstname: 'Voter',
        lastname: `No ${i + j + 1}`,
        email: `voter.${i + j + 1}@bench.example`,
        phone: `0806${String(i + j + 1).padStart(7, '0')}`,
        gender: (i + j) % 2 ? 'Male' : 'Female',
        savings_amount: 0,
        role_name: 'cooperative-member',
        status: MEMBER_STATUS.APPROVED,
        source: { kind: 'import', id: 'bench' },
      });
      if (!item.Put?.Item) throw new Error('Expected a Put');
      return { PutRequest: { Item: item.Put.Item } };
    });
    while (pending.length > 0) {
      const result = await db().send(new BatchWriteCommand({ RequestItems: { [table()]: pending } }));
      pending = (result.UnprocessedItems?.[table()] ?? []) as typeof pending;
    }
  }
}

export async function benchBallots(ctx: {
  cooperativeId: string;
  members: number;
  log: (line: string) => void;
  timed: <T>(name: string, measure: () => Promise<T>) => Promise<T>;
}): Promise<VotingResult> {
  const tag = Date.now().toString(36).toUpperCase();
  const ids = Array.from({ length: ctx.members }, (_, i) => `BV${tag}${String(i).padStart(6, '0')}`);
  ctx.log(`Ballots: ${ctx.members} voters in one election of one position (not timed: members and the election)...`);
  await putMembers(ctx.cooperativeId, ids);
  const today = new Date().toISOString().slice(0, 10);
  const election = await createElection(
    ctx.cooperativeId,
    {
      name: `Bench election ${tag}`,
      description: undefined,
      start_date: today,
      end_date: today,
      status: 1,
      positions: [{ name: 'Chair', description: undefined }],
    },
    'BENCH',
  );
  const [position] = await positionsOf(ctx.cooperativeId, election.id);
  const contestants: ContestantRecord[] = [];
  for (let c = 0; c < CONTESTANTS; c++)
    contestants.push(
      await addContestant(ctx.cooperativeId, {
        coop_id: ids[c],
        position_id: position.id,
        manifesto: 'Bench',
        status: 1,
        election_id: undefined,
      }),
    );

  ctx.log(`Ballots: ${ctx.members} at 16 clients...`);
  const ballots = await ctx.timed('ballots16', () =>
    run(ctx.members, 16, (i) =>
      castVote(ctx.cooperativeId, ids[i], {
        election_id: election.id,
        position_id: position.id,
        contestant_id: contestants[i % CONTESTANTS].id,
        coop_id: undefined,
      }),
    ),
  );

  const head = await getElection(ctx.cooperativeId, election.id);
  const counted = await contestantsOf(ctx.cooperativeId, election.id);
  const contestantVotes = contestants.map((c) => Number(counted.find((row) => row.id === c.id)?.votes ?? 0));
  const expected = contestants.map((_, c) => Math.ceil((ctx.members - c) / CONTESTANTS));
  if (
    ballots.errors > 0 ||
    head?.votes_cast !== ctx.members ||
    head.voters !== ctx.members ||
    contestantVotes.some((v, c) => v !== expected[c])
  ) {
    throw new Error(
      `Ballots do not add up: ${ballots.errors} errors, votes_cast ${head?.votes_cast}, voters ${head?.voters}, contestants ${contestantVotes.join('/')} (expected ${expected.join('/')})`,
    );
  }
  return { ballots, votesCast: head.votes_cast, contestantVotes };
}
