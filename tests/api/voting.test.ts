import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, today } from '@coopledger/shared/dates';
import type {
  ContestantView,
  ElectionResults,
  ElectionView,
  PositionResult,
  PositionView,
} from '@coopledger/shared/voting-views';
import type { ApiResponse } from './support/api.ts';
import { call, superToken } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative } from './support/fixtures.ts';
import { createDepartment } from './support/members.ts';
import type { SavingsWorld } from './support/savings.ts';
import { newMember } from './support/savings.ts';

/**
 * Elections and voting (functions/voting): the spec's messages, one ballot per member per
 * position (also when a member sends several at once), the dates and the switch, contestants of
 * another position, members of another cooperative, results with real counts that members see
 * only once voting has closed, and deletion refused once voting has started.
 */
interface Voter {
  id: string;
  token: string;
}
interface Coop {
  world: SavingsWorld;
  members: Voter[];
}

/** A day from today in Lagos, the elections' today. */
const day = (offset: number) => addDays(today(), offset);

let admin: string;
let alpha: Coop;
let other: Coop;

/** A cooperative of its own with `count` members who can sign in (the last one an executive). */
async function cooperative(prefix: string, count: number): Promise<Coop> {
  const coop = await createTestCooperative(prefix);
  const world = {
    ctx: { coop: coop.id, token: admin, tag: prefix },
    department: await createDepartment(coop.id),
  } as SavingsWorld;
  const members: Voter[] = [];
  for (let i = 0; i < count; i++)
    members.push(await newMember(world, i === count - 1 && count > 1 ? 'cooperative-executive' : 'cooperative-member'));
  return { world, members };
}

const coopOf = (coop: Coop) => coop.world.ctx.coop;
const post = <T>(coop: Coop, path: string, body: Record<string, unknown>, token = admin) =>
  call<T>('POST', path, { token, body: { cooperative_id: coopOf(coop), ...body } });
const get = <T>(coop: Coop, path: string, query: Record<string, string>, token = admin) =>
  call<T>('GET', path, { token, query: { cooperative_id: coopOf(coop), ...query } });

function expectStatus<T>(response: ApiResponse<T>, status: number): T {
  if (response.status !== status)
    throw new Error(
      `Expected ${status}, got ${response.status}: ${response.body.message} ${JSON.stringify(response.body.errors ?? {})}`,
    );
  return response.body.data;
}

async function election(
  coop: Coop,
  fields: Record<string, unknown>,
): Promise<{ election: ElectionView; positions: PositionView[] }> {
  const made = expectStatus(
    await post<ElectionView>(coop, '/cooperative/voting/election', {
      name: 'Board election',
      start_date: day(-1),
      end_date: day(1),
      status: 1,
      ...fields,
    }),
    201,
  );
  const positions = expectStatus(
    await get<PositionView[]>(coop, '/cooperative/voting/position/election', { election_id: made.id }),
    200,
  );
  return { election: made, positions };
}

async function contestant(coop: Coop, position: PositionView, memberId: string): Promise<ContestantView> {
  return expectStatus(
    await post<ContestantView>(coop, '/cooperative/voting/contestant', {
      coop_id: memberId,
      position_id: position.id,
      manifesto: `Vote for ${memberId}`,
      status: 1,
    }),
    201,
  );
}

const vote = (coop: Coop, voter: Voter, e: ElectionView, p: PositionView, c: ContestantView) =>
  post(
    coop,
    '/cooperative/voting/vote',
    { election_id: e.id, position_id: p.id, contestant_id: c.id, coop_id: voter.id },
    voter.token,
  );

beforeAll(async () => {
  useRuntimeEnv();
  admin = await superToken();
  [alpha, other] = await Promise.all([cooperative('VA', 5), cooperative('VB', 1)]);
});

describe('elections, positions and contestants', () => {
  it("gives the spec's messages and creates an election with its positions", async () => {
    const empty = await post(alpha, '/cooperative/voting/election', {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({
      name: 'Please enter a name',
      start_date: 'This field is required',
      end_date: 'This field is required',
      status: 'This field is required',
    });

    const backwards = await post(alpha, '/cooperative/voting/election', {
      name: 'Backwards',
      start_date: day(2),
      end_date: day(1),
      status: 1,
    });
    expect(backwards.body.errors).toMatchObject({ end_date: 'The end date must be on or after the start date' });

    const noPosition = await post(alpha, '/cooperative/voting/position', {});
    expect(noPosition.status).toBe(422);
    expect(noPosition.body.errors).toMatchObject({ name: 'Please enter a name', status: 'This field is required' });

    const noContestant = await post(alpha, '/cooperative/voting/contestant', {});
    expect(noContestant.status).toBe(422);
    expect(noContestant.body.errors).toMatchObject({
      coop_id: 'This field is required',
      manifesto: 'This field is required',
      position_id: 'This field is required',
    });

    const { election: made, positions } = await election(alpha, {
      name: 'Annual general election',
      positions: [{ name: 'President' }, { name: 'Secretary', description: 'Keeps the minutes' }],
    });
    expect(made).toMatchObject({ phase: 'open', in_progress: 1, positions_count: 2, votes_cast: 0, can_delete: false });
    expect(positions.map((p) => [p.name, p.status])).toEqual([
      ['President', 1],
      ['Secretary', 1],
    ]);
    expect(positions[1].description).toBe('Keeps the minutes');
  });

  it('lets a member stand for one position per election, and only members of the cooperative', async () => {
    const { positions } = await election(alpha, { positions: [{ name: 'Treasurer' }, { name: 'Auditor' }] });
    const [m1] = alpha.members;
    await contestant(alpha, positions[0], m1.id);
    const twice = await post(alpha, '/cooperative/voting/contestant', {
      coop_id: m1.id,
      position_id: positions[1].id,
      manifesto: 'Again',
    });
    expect(twice.status).toBe(422);
    expect(twice.body.errors?.coop_id).toBe('This member is already a contestant for Treasurer in this election');

    const stranger = await post(alpha, '/cooperative/voting/contestant', {
      coop_id: other.members[0].id,
      position_id: positions[1].id,
      manifesto: 'Hello',
    });
    expect(stranger.body.errors?.coop_id).toBe('Choose an active member of this cooperative');

    const listed = expectStatus(
      await get<ContestantView[]>(alpha, '/cooperative/voting/contestant/position', { position_id: positions[0].id }),
      200,
    );
    expect(listed.map((c) => c.coop_id)).toEqual([m1.id]);
    expect(listed[0].member.gender).toBe('Female');
  });
});

describe('positions and contestants before voting starts', () => {
  const electionFigures = async (id: string) =>
    expectStatus(await get<ElectionView>(alpha, '/cooperative/voting/election/single', { election_id: id }), 200);
  const positionsOf = async (id: string) =>
    expectStatus(await get<PositionView[]>(alpha, '/cooperative/voting/position/election', { election_id: id }), 200);
  const standingFor = async (position: PositionView) =>
    expectStatus(
      await get<ContestantView[]>(alpha, '/cooperative/voting/contestant/position', { position_id: position.id }),
      200,
    );

  it('adds a position to an election, changes it, and deletes it with its contestant', async () => {
    // Prepare: an election opening in three days with one position.
    const { election: made } = await election(alpha, {
      name: 'Positions',
      start_date: day(3),
      end_date: day(5),
      positions: [{ name: 'Chair' }],
    });

    // Add
    const added = await post<PositionView>(alpha, '/cooperative/voting/position', {
      election_id: made.id,
      name: 'Vice chair',
      description: 'Stands in for the chair',
      status: 1,
    });
    expect(added.status, added.body.message).toBe(201);
    expect(added.body.message).toBe('Vice chair added');
    const vice = added.body.data;
    expect(vice).toMatchObject({ election_id: made.id, name: 'Vice chair', description: 'Stands in for the chair' });
    expect((await electionFigures(made.id)).positions_count).toBe(2);

    // Change its name and description, and switch it off
    const changed = await post<PositionView>(alpha, '/cooperative/voting/position/update', {
      position_id: vice.id,
      name: 'Deputy chair',
      description: 'Chairs when the chair is away',
      status: 0,
    });
    expect(changed.status, changed.body.message).toBe(200);
    expect(changed.body.message).toBe('Deputy chair updated');
    const single = expectStatus(
      await get<PositionView>(alpha, '/cooperative/voting/position/single', { position_id: vice.id }),
      200,
    );
    expect(single).toMatchObject({
      id: vice.id,
      election_id: made.id,
      name: 'Deputy chair',
      description: 'Chairs when the chair is away',
      status: 0,
    });

    // Delete it while a member stands for it
    const [m1] = alpha.members;
    const standing = await contestant(alpha, single, m1.id);
    expect(await electionFigures(made.id)).toMatchObject({ positions_count: 2, contestants_count: 1 });
    const removed = await call('DELETE', '/cooperative/voting/position', {
      token: admin,
      query: { cooperative_id: coopOf(alpha), position_id: vice.id },
    });
    expect(removed.status, removed.body.message).toBe(200);
    expect(removed.body.message).toBe('Deputy chair deleted');

    // The position and its contestant are gone, the counts follow, and the member may stand again.
    expect((await get(alpha, '/cooperative/voting/position/single', { position_id: vice.id })).status).toBe(404);
    expect((await get(alpha, '/cooperative/voting/contestant/single', { contestant_id: standing.id })).status).toBe(
      404,
    );
    expect((await positionsOf(made.id)).map((p) => p.name)).toEqual(['Chair']);
    expect(await electionFigures(made.id)).toMatchObject({ positions_count: 1, contestants_count: 0 });
    const [chair] = await positionsOf(made.id);
    expect((await contestant(alpha, chair, m1.id)).position_id).toBe(chair.id);
  });

  it("changes a contestant's position, manifesto and status, and removes them", async () => {
    // Prepare: a member standing for Chair in an election opening in three days.
    const made = await election(alpha, {
      name: 'Contestants',
      start_date: day(3),
      end_date: day(5),
      positions: [{ name: 'Chair' }, { name: 'Secretary' }],
    });
    const [chair, secretary] = made.positions;
    const m2 = alpha.members[1];
    const standing = await contestant(alpha, chair, m2.id);

    // Move them to Secretary with a new manifesto, switched off
    const changed = await post<ContestantView>(alpha, '/cooperative/voting/contestant/update', {
      contestant_id: standing.id,
      coop_id: m2.id,
      position_id: secretary.id,
      manifesto: 'Minutes out within a week',
      status: 0,
    });
    expect(changed.status, changed.body.message).toBe(200);
    expect(changed.body.message).toBe(`${standing.full_name} updated`);
    const expected = {
      id: standing.id,
      coop_id: m2.id,
      position_id: secretary.id,
      election_id: made.election.id,
      manifesto: 'Minutes out within a week',
      status: 0,
    };
    expect(changed.body.data).toMatchObject(expected);
    expect(
      expectStatus(
        await get<ContestantView>(alpha, '/cooperative/voting/contestant/single', { contestant_id: standing.id }),
        200,
      ),
    ).toMatchObject(expected);
    expect(await standingFor(chair)).toEqual([]);
    expect((await standingFor(secretary)).map((c) => c.id)).toEqual([standing.id]);
    expect((await positionsOf(made.election.id)).map((p) => [p.name, p.contestants_count])).toEqual([
      ['Chair', 0],
      ['Secretary', 1],
    ]);

    // Remove them
    const removed = await call('DELETE', '/cooperative/voting/contestant', {
      token: admin,
      query: { cooperative_id: coopOf(alpha), contestant_id: standing.id },
    });
    expect(removed.status, removed.body.message).toBe(200);
    expect(removed.body.message).toBe(`${standing.full_name} removed`);
    expect((await get(alpha, '/cooperative/voting/contestant/single', { contestant_id: standing.id })).status).toBe(
      404,
    );
    expect(await standingFor(secretary)).toEqual([]);
    expect(await electionFigures(made.election.id)).toMatchObject({ positions_count: 2, contestants_count: 0 });
    // No longer standing in this election, they may stand for Chair again.
    expect((await contestant(alpha, chair, m2.id)).position_id).toBe(chair.id);
  });
});

describe('voting', () => {
  let open: ElectionView;
  let president: PositionView;
  let secretary: PositionView;
  let ada: ContestantView;
  let bola: ContestantView;
  let chidi: ContestantView;

  beforeAll(async () => {
    const made = await election(alpha, {
      name: 'Vote counting',
      positions: [{ name: 'President' }, { name: 'Secretary' }],
    });
    open = made.election;
    [president, secretary] = made.positions;
    ada = await contestant(alpha, president, alpha.members[0].id);
    bola = await contestant(alpha, president, alpha.members[1].id);
    chidi = await contestant(alpha, secretary, alpha.members[2].id);
  });

  it('takes one vote per member per position, and counts them', async () => {
    const [m1, m2, m3, m4, exec] = alpha.members;
    const first = await vote(alpha, m3, open, president, ada);
    expect(first.status).toBe(201);
    expect(first.body.message).toBe(`Your vote for ${ada.full_name} as President has been recorded`);

    const again = await vote(alpha, m3, open, president, bola);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already voted for President');

    expectStatus(await vote(alpha, exec, open, president, ada), 201);
    expectStatus(await vote(alpha, m1, open, president, bola), 201);
    expectStatus(await vote(alpha, m1, open, secretary, chidi), 201);

    // The member's own view says whom they voted for; staff get no such field.
    const mine = expectStatus(
      await get<PositionView[]>(alpha, '/cooperative/voting/position/election', { election_id: open.id }, m1.token),
      200,
    );
    expect(mine.map((p) => p.my_vote)).toEqual([bola.id, chidi.id]);
    const staffView = expectStatus(
      await get<PositionView[]>(alpha, '/cooperative/voting/position/election', { election_id: open.id }),
      200,
    );
    expect(staffView[0]).not.toHaveProperty('my_vote');

    const results = expectStatus(
      await get<ElectionResults>(alpha, '/cooperative/voting/result/election', { election_id: open.id }),
      200,
    );
    const byPosition = Object.fromEntries(
      results.positions.map((p) => [p.name, p.contestants.map((c) => [c.coop_id, c.votes, c.percent])]),
    );
    expect(byPosition).toEqual({
      President: [
        [m1.id, 2, 66.7],
        [m2.id, 1, 33.3],
      ],
      Secretary: [[m3.id, 1, 100]],
    });
    expect(results.election).toMatchObject({ votes_cast: 4, voters: 3, eligible_members: 5, turnout: 60 });
    const secretaryResult = expectStatus(
      await get<PositionResult>(alpha, '/cooperative/voting/result/position', { position_id: secretary.id }),
      200,
    );
    expect(secretaryResult).toMatchObject({ name: 'Secretary', votes: 1 });

    // Running results are for staff only.
    const peek = await get(alpha, '/cooperative/voting/result/election', { election_id: open.id }, m4.token);
    expect(peek.status).toBe(403);
    expect(peek.body.message).toMatch(/^Results of Vote counting are published when voting closes after/);
  });

  it('counts one ballot when a member sends several at once', async () => {
    const m4 = alpha.members[3];
    const responses = await Promise.all(Array.from({ length: 6 }, () => vote(alpha, m4, open, secretary, chidi)));
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const result = expectStatus(
      await get<PositionResult>(alpha, '/cooperative/voting/result/position', { position_id: secretary.id }),
      200,
    );
    expect(result.contestants[0].votes).toBe(2);
  });

  it('refuses a contestant of another position, a voter of another cooperative, staff, and voting as someone else', async () => {
    const m2 = alpha.members[1];
    const wrong = await vote(alpha, m2, open, secretary, ada);
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.contestant_id).toBe('This contestant is not standing for this position');

    const stranger = await vote(alpha, other.members[0], open, president, ada);
    expect(stranger.status).toBe(403);

    const staff = await post(alpha, '/cooperative/voting/vote', {
      election_id: open.id,
      position_id: president.id,
      contestant_id: ada.id,
    });
    expect(staff.status).toBe(403);

    const impostor = await post(
      alpha,
      '/cooperative/voting/vote',
      { election_id: open.id, position_id: president.id, contestant_id: ada.id, coop_id: alpha.members[4].id },
      m2.token,
    );
    expect(impostor.status).toBe(403);
    expect(impostor.body.message).toBe('You can only vote as yourself');
  });

  it('refuses deleting what has votes', async () => {
    const refused = await call('DELETE', '/cooperative/voting/election', {
      token: admin,
      query: { cooperative_id: coopOf(alpha), election_id: open.id },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Vote counting cannot be deleted: voting has started (5 votes cast)');
    const contestantWithVotes = await call('DELETE', '/cooperative/voting/contestant', {
      token: admin,
      query: { cooperative_id: coopOf(alpha), contestant_id: ada.id },
    });
    expect(contestantWithVotes.status).toBe(409);
    const moved = await post(alpha, '/cooperative/voting/contestant/update', {
      contestant_id: ada.id,
      coop_id: ada.coop_id,
      position_id: secretary.id,
      manifesto: 'Moved',
    });
    expect(moved.status).toBe(409);
  });

  it('keeps the dates the ballots were cast in: the start is fixed and the end cannot move into the past', async () => {
    const update = (start: string, end: string) =>
      post(alpha, '/cooperative/voting/election/update', {
        election_id: open.id,
        name: 'Vote counting',
        start_date: start,
        end_date: end,
        status: 1,
      });
    const earlier = await update(day(-3), day(1));
    expect(earlier.status).toBe(422);
    expect(earlier.body.errors?.start_date).toBe('The start date cannot change once votes have been cast');
    const closedBehind = await update(day(-1), day(-1));
    expect(closedBehind.body.errors?.end_date).toBe(
      'Once votes have been cast the end date can only move to today or later',
    );
    const extended = expectStatus(await update(day(-1), day(9)), 200) as ElectionView;
    expect(extended).toMatchObject({ end_date: day(9), votes_cast: 5 });
  });
});

describe('the dates and the switch', () => {
  it('takes votes only while the election is active and today is within its dates', async () => {
    const [m1] = alpha.members;
    const upcoming = await election(alpha, {
      name: 'Next year',
      start_date: day(3),
      end_date: day(5),
      positions: [{ name: 'Chair' }],
    });
    const past = await election(alpha, {
      name: 'Last year',
      start_date: day(-10),
      end_date: day(-2),
      positions: [{ name: 'Chair' }],
    });
    const off = await election(alpha, { name: 'Switched off', status: 0, positions: [{ name: 'Chair' }] });
    for (const e of [upcoming, past, off]) await contestant(alpha, e.positions[0], alpha.members[1].id);
    const ballot = async (e: { election: ElectionView; positions: PositionView[] }) => {
      const [c] = expectStatus(
        await get<ContestantView[]>(alpha, '/cooperative/voting/contestant/position', {
          position_id: e.positions[0].id,
        }),
        200,
      );
      return vote(alpha, m1, e.election, e.positions[0], c);
    };
    const early = await ballot(upcoming);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/^Voting for Next year opens on /);
    const late = await ballot(past);
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/^Voting for Last year closed on /);
    const switchedOff = await ballot(off);
    expect(switchedOff.status).toBe(409);
    expect(switchedOff.body.message).toBe('Switched off is not active');

    // Switched on, the same election takes the vote.
    expectStatus(
      await post(alpha, '/cooperative/voting/election/update', {
        election_id: off.election.id,
        name: 'Switched off',
        start_date: day(-1),
        end_date: day(1),
        status: 1,
      }),
      200,
    );
    expect((await ballot(off)).status).toBe(201);

    // A closed election's results are the members' to see.
    const published = await get<ElectionResults>(
      alpha,
      '/cooperative/voting/result/election',
      { election_id: past.election.id },
      m1.token,
    );
    expect(published.status).toBe(200);
    expect(published.body.data.positions[0].votes).toBe(0);
  });

  it('deletes an election before voting starts, with its positions and contestants', async () => {
    const { election: later, positions } = await election(alpha, {
      name: 'To delete',
      start_date: day(5),
      end_date: day(6),
      positions: [{ name: 'Chair' }],
    });
    const c = await contestant(alpha, positions[0], alpha.members[2].id);
    const removed = await call('DELETE', '/cooperative/voting/election', {
      token: admin,
      query: { cooperative_id: coopOf(alpha), election_id: later.id },
    });
    expect(removed.status).toBe(200);
    expect((await get(alpha, '/cooperative/voting/position/single', { position_id: positions[0].id })).status).toBe(
      404,
    );
    expect((await get(alpha, '/cooperative/voting/contestant/single', { contestant_id: c.id })).status).toBe(404);
    const listed = expectStatus(
      await get<{ data: ElectionView[] }>(alpha, '/cooperative/voting/election', { query: 'To delete' }),
      200,
    );
    expect(listed.data).toEqual([]);
  });
});
