import { describe, expect, it } from 'vitest';
import { positionResult } from './present.ts';
import type { ContestantRecord } from './contestant-entity.ts';
import type { ElectionRecord } from './election-entity.ts';
import type { PositionRecord } from './position-entity.ts';
import { phaseOf, votingOpen, votingStarted } from './store.ts';

const election = (fields: Partial<ElectionRecord>): ElectionRecord => ({
  id: 'E1',
  cooperative_id: 'C1',
  name: 'Board',
  description: null,
  start_date: '2026-11-20',
  end_date: '2026-11-30',
  status: 1,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  created_by: 'ADMIN',
  votes_cast: 0,
  voters: 0,
  positions_count: 1,
  contestants_count: 0,
  ...fields,
});

const contestant = (id: string, position: string, votes: number, firstname = id): ContestantRecord => ({
  id,
  election_id: 'E1',
  position_id: position,
  coop_id: `M${id}`,
  manifesto: '',
  status: 1,
  votes,
  firstname,
  lastname: 'Doe',
  gender: 'Female',
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
});

describe('election phase', () => {
  it('is open on both end days and between them', () => {
    const e = election({});
    expect(phaseOf(e, '2026-11-19')).toBe('upcoming');
    expect(phaseOf(e, '2026-11-20')).toBe('open');
    expect(phaseOf(e, '2026-11-30')).toBe('open');
    expect(phaseOf(e, '2026-12-01')).toBe('closed');
  });

  it('takes votes only when switched on and open, and counts voting as started once a ballot is cast', () => {
    expect(votingOpen(election({}), '2026-11-25')).toBe(true);
    expect(votingOpen(election({ status: 0 }), '2026-11-25')).toBe(false);
    expect(votingStarted(election({ status: 0 }), '2026-11-25')).toBe(false);
    expect(votingStarted(election({ status: 0, votes_cast: 1 }), '2026-12-25')).toBe(true);
    expect(votingStarted(election({}), '2026-11-19')).toBe(false);
  });
});

describe('position results', () => {
  const position: PositionRecord = {
    id: 'P1',
    election_id: 'E1',
    name: 'Chair',
    description: null,
    status: 1,
    votes: 3,
    contestants_count: 3,
    created_at: '',
    updated_at: '',
  };

  it("orders by votes and gives each contestant's share of the position's votes", () => {
    const result = positionResult(position, [
      contestant('a', 'P1', 1, 'Bola'),
      contestant('b', 'P1', 2, 'Ada'),
      contestant('c', 'P1', 0, 'Chi'),
      contestant('d', 'P2', 9),
    ]);
    expect(result.votes).toBe(3);
    expect(result.contestants.map((c) => [c.full_name, c.votes, c.percent])).toEqual([
      ['Ada Doe', 2, 66.7],
      ['Bola Doe', 1, 33.3],
      ['Chi Doe', 0, 0],
    ]);
  });

  it('gives 0% rather than dividing by nothing when no vote is cast', () => {
    const result = positionResult(position, [contestant('a', 'P1', 0)]);
    expect(result.contestants[0].percent).toBe(0);
  });
});
