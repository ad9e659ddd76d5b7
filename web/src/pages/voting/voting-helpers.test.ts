import { describe, expect, it } from 'vitest';
import {
  avatarTone,
  deleteBlockedReason,
  moreContestants,
  phaseTag,
  progressTag,
  turnoutText,
  voteBlockedReason,
  votesLabel,
} from './voting-helpers';

const contestant = (id: string) => ({ id, coop_id: id, full_name: `Member ${id}`, gender: null });

describe('election tags', () => {
  it('names the phase of the staff card', () => {
    expect(phaseTag('open')).toEqual({ label: 'Open', color: 'green' });
    expect(phaseTag('upcoming')).toEqual({ label: 'Upcoming', color: 'blue' });
    expect(phaseTag('closed')).toEqual({ label: 'Closed', color: 'grey' });
  });

  it('says In progress only when members can vote now', () => {
    expect(progressTag({ in_progress: 1 }).label).toBe('In progress');
    expect(progressTag({ in_progress: 0 }).label).toBe('Not in progress');
  });
});

describe('contestant avatars', () => {
  it('colours by gender, whatever its case or form, and stays neutral without one', () => {
    expect(avatarTone('Female')).toBe('female');
    expect(avatarTone(' f ')).toBe('female');
    expect(avatarTone('MALE')).toBe('male');
    expect(avatarTone('m')).toBe('male');
    expect(avatarTone(null)).toBe('unknown');
    expect(avatarTone('')).toBe('unknown');
    expect(avatarTone('Other')).toBe('unknown');
  });

  it('counts the contestants the card has no room for', () => {
    expect(moreContestants({ contestants: [contestant('1'), contestant('2')], contestants_count: 7 })).toBe('+5');
    expect(moreContestants({ contestants: [contestant('1'), contestant('2')], contestants_count: 2 })).toBeNull();
    expect(moreContestants({ contestants: [], contestants_count: 0 })).toBeNull();
  });
});

describe('figures', () => {
  it('says vote or votes', () => {
    expect(votesLabel(0)).toBe('0 votes');
    expect(votesLabel(1)).toBe('1 vote');
    expect(votesLabel(2)).toBe('2 votes');
  });

  it('explains the turnout bar', () => {
    expect(turnoutText({ voters: 2, eligible_members: 12 })).toBe('2 of 12 members voted');
    expect(turnoutText({ voters: 1, eligible_members: 1 })).toBe('1 of 1 member voted');
  });
});

describe('why a member cannot vote', () => {
  // Open by its dates but switched off.
  const election = { in_progress: 0 as const, phase: 'open' as const, start_date: '2026-03-05' };

  it('lets them vote while the election is in progress', () => {
    expect(voteBlockedReason({ ...election, in_progress: 1 })).toBeUndefined();
  });

  it('names the reason otherwise', () => {
    expect(voteBlockedReason({ ...election, phase: 'closed' })).toBe('Voting has closed');
    expect(voteBlockedReason({ ...election, phase: 'upcoming' })).toBe('Voting opens on 05 Mar 2026');
    expect(voteBlockedReason(election)).toBe('The election is not active');
  });
});

describe('why an election cannot be deleted', () => {
  it('allows it before voting starts', () => {
    expect(deleteBlockedReason({ can_delete: true, votes_cast: 0 })).toBeUndefined();
  });

  it('names the votes cast, or the open election to switch off', () => {
    expect(deleteBlockedReason({ can_delete: false, votes_cast: 1 })).toBe('Voting has started: 1 vote cast');
    expect(deleteBlockedReason({ can_delete: false, votes_cast: 0 })).toBe(
      'Voting is open: switch the election off first',
    );
  });
});
