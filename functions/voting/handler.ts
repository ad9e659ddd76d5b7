import type { BallotView } from '@coopledger/shared/voting-views';
import { isMemberRole } from '@coopledger/shared/roles';
import { contestantSchema, electionSchema, positionSchema, voteSchema } from '@coopledger/shared/schemas/voting';
import { forbidden, invalid } from '#core/errors';
import type { RequestContext } from '#core/handler';
import { domainHandler, signedIn } from '#core/handler';
import { ok } from '#core/http';
import type { Identity } from '#core/identity';
import { countedTotal } from '#core/list-counter-entity';
import { pageRequest } from '#core/list-page';
import { validate } from '#core/validation';
import { addContestant, removeContestant, updateContestant } from './contestants.ts';
import {
  createElection,
  createPosition,
  deleteElection,
  deletePosition,
  updateElection,
  updatePosition,
} from './elections.ts';
import { eligibleMembers, positionResult, presentContestant, presentElection, presentPosition } from './present.ts';
import type { ElectionRecord } from './election-entity.ts';
import { electionPage } from './election-entity.ts';
import { ELECTIONS_LIST } from './elections.ts';
import { positionPage } from './position-entity.ts';
import { ballotsOf, contestantsOf, findContestant, findElection, findPosition, phaseOf, positionsOf } from './store.ts';
import { castVote } from './votes.ts';
import { CONTESTANT_STATUS, POSITION_STATUS } from '@coopledger/shared/statuses';

/**
 * Polls and elections (spec 001 "Polls and elections", section 7 "Voting"). Staff manage them;
 * members and executives read their cooperative's elections, vote, and see results once voting
 * has closed (staff see running results).
 */

const isVoter = (identity: Identity) => isMemberRole(identity.role);

/** An id named in the query or body under its own name (or `id`). */
function idOf(ctx: RequestContext, name: string): string {
  const value = ctx.query[name] ?? ctx.body[name] ?? ctx.query.id ?? ctx.body.id;
  const id = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  if (!id) throw invalid(name, 'This field is required');
  return id;
}

function assertResultsVisible(identity: Identity, election: ElectionRecord): void {
  if (isVoter(identity) && phaseOf(election) !== 'closed') {
    const end = new Date(`${election.end_date}T00:00:00Z`).toLocaleDateString('en-GB', {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    throw forbidden(`Results of ${election.name} are published when voting closes after ${end}`);
  }
}

export const handler = domainHandler('voting', {
  'GET /cooperative/voting/election': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const q = ctx.query.query?.trim().toLowerCase() ?? '';
    // Elections are few (a cooperative holds a handful a year): a search checks each one read.
    const keep = q
      ? (e: ElectionRecord) => e.name.toLowerCase().includes(q) || (e.description ?? '').toLowerCase().includes(q)
      : undefined;
    const [found, eligible] = await Promise.all([
      electionPage(tenant, pageRequest(ctx), keep, countedTotal(tenant, ELECTIONS_LIST)),
      eligibleMembers(tenant),
    ]);
    return ok('Elections retrieved', {
      data: await Promise.all(found.data.map((e) => presentElection(tenant, e, eligible))),
      meta: found.meta,
    });
  },

  'GET /cooperative/voting/election/single': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const [election, eligible] = await Promise.all([
      findElection(tenant, idOf(ctx, 'election_id'), false),
      eligibleMembers(tenant),
    ]);
    return ok('Election retrieved', await presentElection(tenant, election, eligible));
  },

  'POST /cooperative/voting/election': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(electionSchema, ctx.body);
    const election = await createElection(tenant, input, identity.loginId);
    return ok(`${election.name} created`, await presentElection(tenant, election, await eligibleMembers(tenant)), 201);
  },

  'POST /cooperative/voting/election/update': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const id = idOf(ctx, 'election_id');
    const { positions: _ignored, ...input } = validate(electionSchema, ctx.body);
    const election = await updateElection(tenant, id, input);
    return ok(`${election.name} updated`, await presentElection(tenant, election, await eligibleMembers(tenant)));
  },

  'DELETE /cooperative/voting/election': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const election = await deleteElection(tenant, idOf(ctx, 'election_id'));
    return ok(`${election.name} deleted`);
  },

  'GET /cooperative/voting/position/single': async (ctx) => {
    const { tenant } = signedIn(ctx);
    if (ctx.query.position_id) {
      const { position } = await findPosition(tenant, ctx.query.position_id);
      return ok('Position retrieved', presentPosition(tenant, position));
    }
    const electionId = ctx.query.election_id?.trim() || undefined;
    if (electionId) await findElection(tenant, electionId, false);
    const found = await positionPage(tenant, electionId, pageRequest(ctx));
    return ok('Positions retrieved', { data: found.data.map((p) => presentPosition(tenant, p)), meta: found.meta });
  },

  'GET /cooperative/voting/position/election': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const election = await findElection(tenant, idOf(ctx, 'election_id'), false);
    const positions = await positionsOf(tenant, election.id);
    if (!isVoter(identity))
      return ok(
        'Positions retrieved',
        positions.map((p) => presentPosition(tenant, p)),
      );
    const open = positions.filter((p) => p.status === POSITION_STATUS.ACTIVE);
    const ballots = await ballotsOf(
      tenant,
      election.id,
      identity.loginId,
      open.map((p) => p.id),
    );
    return ok(
      'Positions retrieved',
      open.map((p) => presentPosition(tenant, p, ballots.get(p.id) ?? null)),
    );
  },

  'POST /cooperative/voting/position': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const position = await createPosition(tenant, validate(positionSchema, ctx.body));
    return ok(`${position.name} added`, presentPosition(tenant, position), 201);
  },

  'POST /cooperative/voting/position/update': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const id = idOf(ctx, 'position_id');
    const { position: existing } = await findPosition(tenant, id);
    const input = validate(positionSchema, { election_id: existing.election_id, ...ctx.body });
    const position = await updatePosition(tenant, id, input);
    return ok(`${position.name} updated`, presentPosition(tenant, position));
  },

  'DELETE /cooperative/voting/position': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const position = await deletePosition(tenant, idOf(ctx, 'position_id'));
    return ok(`${position.name} deleted`);
  },

  'GET /cooperative/voting/contestant/single': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const { contestant } = await findContestant(tenant, idOf(ctx, 'contestant_id'));
    if (isVoter(identity) && contestant.status !== CONTESTANT_STATUS.ACTIVE)
      throw forbidden('This contestant is not standing');
    return ok('Contestant retrieved', presentContestant(contestant));
  },

  'GET /cooperative/voting/contestant/position': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const { election, position } = await findPosition(tenant, idOf(ctx, 'position_id'));
    const contestants = await contestantsOf(tenant, election.id, position.id);
    const shown = isVoter(identity) ? contestants.filter((c) => c.status === CONTESTANT_STATUS.ACTIVE) : contestants;
    return ok('Contestants retrieved', shown.map(presentContestant));
  },

  'POST /cooperative/voting/contestant': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const contestant = await addContestant(tenant, validate(contestantSchema, ctx.body));
    return ok(
      `${contestant.firstname} ${contestant.lastname} added as a contestant`,
      presentContestant(contestant),
      201,
    );
  },

  'POST /cooperative/voting/contestant/update': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const contestant = await updateContestant(tenant, idOf(ctx, 'contestant_id'), validate(contestantSchema, ctx.body));
    return ok(`${contestant.firstname} ${contestant.lastname} updated`, presentContestant(contestant));
  },

  'DELETE /cooperative/voting/contestant': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const contestant = await removeContestant(tenant, idOf(ctx, 'contestant_id'));
    return ok(`${contestant.firstname} ${contestant.lastname} removed`);
  },

  'GET /cooperative/voting/result/election': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const election = await findElection(tenant, idOf(ctx, 'election_id'), false);
    assertResultsVisible(identity, election);
    const [positions, contestants, eligible] = await Promise.all([
      positionsOf(tenant, election.id),
      contestantsOf(tenant, election.id),
      eligibleMembers(tenant),
    ]);
    return ok('Election results retrieved', {
      election: await presentElection(tenant, election, eligible),
      positions: positions.map((p) => positionResult(p, contestants)),
    });
  },

  'GET /cooperative/voting/result/position': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const { election, position } = await findPosition(tenant, idOf(ctx, 'position_id'));
    assertResultsVisible(identity, election);
    return ok(
      'Position results retrieved',
      positionResult(position, await contestantsOf(tenant, election.id, position.id)),
    );
  },

  'POST /cooperative/voting/vote': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const { position, contestant } = await castVote(tenant, identity.loginId, validate(voteSchema, ctx.body));
    return ok(
      `Your vote for ${contestant.firstname} ${contestant.lastname} as ${position.name} has been recorded`,
      { position_id: position.id, contestant_id: contestant.id } satisfies BallotView,
      201,
    );
  },
});
