import { describe, expect, it } from 'vitest';
import type { ElectionView } from '../../api/voting';
import { electionBody, electionFields, electionValuesOf, emptyElection, toggledElection } from './election-form-values';

const election: ElectionView = {
  id: 'e1',
  election_id: 'e1',
  cooperative_id: 'c1',
  name: 'Board 2026',
  description: null,
  start_date: '2026-03-01',
  end_date: '2026-03-10',
  status: 1,
  created_at: '2026-02-20T10:00:00.000Z',
  phase: 'open',
  in_progress: 1,
  votes_cast: 0,
  voters: 0,
  eligible_members: 12,
  turnout: 0,
  positions_count: 2,
  contestants_count: 0,
  contestants: [],
  can_delete: false,
};

describe('the election form', () => {
  it('starts a new election active with one blank position', () => {
    expect(emptyElection()).toMatchObject({ status: '1', positions: [{ name: '', description: '' }] });
  });

  it('sends the positions, trimmed, only when creating', () => {
    const values = {
      ...emptyElection(),
      name: ' Board ',
      description: ' ',
      start_date: '2026-03-01',
      end_date: '2026-03-10',
      positions: [
        { name: ' Chair ', description: '' },
        { name: 'Treasurer', description: 'Keeps the books' },
      ],
    };
    expect(electionBody(values, true)).toEqual({
      name: 'Board',
      description: undefined,
      start_date: '2026-03-01',
      end_date: '2026-03-10',
      status: 1,
      positions: [
        { name: 'Chair', description: undefined },
        { name: 'Treasurer', description: 'Keeps the books' },
      ],
    });
    expect(electionBody({ ...values, status: '0' }, false)).not.toHaveProperty('positions');
    expect(electionBody({ ...values, status: '0' }, false).status).toBe(0);
  });

  it('edits an election from its card, without positions', () => {
    expect(electionValuesOf(election)).toEqual({
      name: 'Board 2026',
      description: '',
      start_date: '2026-03-01',
      end_date: '2026-03-10',
      status: '1',
      positions: [],
    });
  });

  it('switches an election off with its other fields as they are', () => {
    expect(toggledElection(election, false)).toEqual({
      name: 'Board 2026',
      description: undefined,
      start_date: '2026-03-01',
      end_date: '2026-03-10',
      status: 0,
    });
  });

  it('knows the position lines a server message may name', () => {
    expect(electionFields(1)).toEqual([
      'name',
      'description',
      'start_date',
      'end_date',
      'status',
      'positions.0.name',
      'positions.0.description',
    ]);
  });
});
