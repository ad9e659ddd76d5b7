import { describe, expect, it } from 'vitest';
import { AppError } from '#core/errors';
import { read } from '#core/entity';
import { putBallot } from './ballot-entity.ts';
import { ContestantEntity, putContestant } from './contestant-entity.ts';
import { putPosition } from './position-entity.ts';
import { useConfigEnv } from '../core/test-support/config-env.ts';

/** Items as the voting services stored them before entity modules (docs/data-model.md "Elections"), keys and all. */
const contestant = {
  pk: 'T#C1#ELECTION#E1',
  sk: 'CONT#K1',
  entity: 'ELECTION_CONTESTANT',
  id: 'K1',
  election_id: 'E1',
  position_id: 'P1',
  coop_id: 'M1',
  manifesto: 'More dividends',
  status: 1,
  votes: 0,
  firstname: 'Ada',
  lastname: 'Obi',
  gender: null,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
};
const position = {
  pk: 'T#C1#ELECTION#E1',
  sk: 'POS#P1',
  entity: 'ELECTION_POSITION',
  id: 'P1',
  election_id: 'E1',
  name: 'Treasurer',
  description: null,
  status: 1,
  votes: 0,
  contestants_count: 0,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
};
const ballot = {
  pk: 'T#C1#ELECTION#E1',
  sk: 'VOTE#P1#M2',
  entity: 'ELECTION_BALLOT',
  election_id: 'E1',
  position_id: 'P1',
  contestant_id: 'K1',
  voter: 'M2',
  cast_at: '2026-11-02T10:00:00.000Z',
};

const withoutKeys = <T extends { pk: string; sk: string; entity: string }>({
  pk: _pk,
  sk: _sk,
  entity: _entity,
  ...record
}: T) => record;

describe('voting entity modules', () => {
  useConfigEnv({ TABLE_NAME: 'voting-test' });

  it('writes positions, contestants and ballots exactly as before: same keys, entity names, nothing of its own, only if new', () => {
    const { votes: _votes, contestants_count: _count, ...newPosition } = withoutKeys(position);
    const written = [
      putPosition('C1', { ...newPosition, status: 1 }),
      putContestant('C1', { ...withoutKeys(contestant), status: 1 }),
      putBallot('C1', withoutKeys(ballot)),
    ];
    // A position also carries the cooperative's positions index (gsi1), by creation time.
    const indexed = { ...position, gsi1pk: 'T#C1#POSITIONS', gsi1sk: `${position.created_at}#${position.id}` };
    expect(written.map((item) => item.Put?.Item)).toEqual([indexed, contestant, ballot]);
    for (const item of written) {
      expect(item.Put?.TableName).toBe('voting-test');
      expect(item.Put?.ConditionExpression).toMatch(/^attribute_not_exists\(#\w+\)$/);
      expect(Object.values(item.Put?.ExpressionAttributeNames ?? {})).toEqual(['pk']);
    }
  });

  it('refuses a stored contestant that does not match its schema with an internal error, never a cast', () => {
    expect(read(ContestantEntity, contestant)).toEqual(withoutKeys(contestant));
    for (const bad of [
      { ...contestant, status: 3 },
      { ...contestant, votes: '2' },
      { ...contestant, firstname: undefined },
    ]) {
      expect(() => read(ContestantEntity, bad)).toThrow(AppError);
    }
  });
});
