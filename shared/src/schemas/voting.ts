import { z } from 'zod';
import { isoDate, optionalText, requiredText, statusFlag } from './common.ts';
import { idRef, optionalIdRef } from './fields.ts';

/**
 * Elections, positions, contestants and votes (spec 001: Polls and elections, sections 3, 5 and 7;
 * DESIGN.md section 5 "Voting"). Saving without an id creates, with an id updates.
 */
const REQUIRED = 'This field is required';
export const MAX_POSITIONS_ON_CREATE = 30;

export const positionLineSchema = z.object({
  name: requiredText('Please enter a name', 120),
  description: optionalText(500),
});

export const electionSchema = z
  .object({
    name: requiredText('Please enter a name', 160),
    description: optionalText(1000),
    start_date: isoDate(REQUIRED),
    end_date: isoDate(REQUIRED),
    status: statusFlag(REQUIRED),
    /** Only on create: the positions to open with the election. */
    positions: z
      .array(positionLineSchema)
      .max(MAX_POSITIONS_ON_CREATE, `An election may open with at most ${MAX_POSITIONS_ON_CREATE} positions`)
      .optional(),
  })
  .superRefine((e, ctx) => {
    if (e.end_date < e.start_date)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'The end date must be on or after the start date' });
    const seen = new Set<string>();
    e.positions?.forEach((p, index) => {
      const name = p.name.toLowerCase();
      if (seen.has(name))
        ctx.addIssue({
          code: 'custom',
          path: ['positions', index, 'name'],
          message: 'Each position needs its own name',
        });
      seen.add(name);
    });
  });
export type ElectionInput = z.infer<typeof electionSchema>;

export const positionSchema = z.object({
  election_id: idRef(REQUIRED),
  name: requiredText('Please enter a name', 120),
  description: optionalText(500),
  status: statusFlag(REQUIRED),
});
export type PositionInput = z.infer<typeof positionSchema>;

export const contestantSchema = z.object({
  coop_id: idRef(REQUIRED),
  position_id: idRef(REQUIRED),
  manifesto: requiredText(REQUIRED, 5000),
  /** Active unless the form says otherwise. */
  status: statusFlag(REQUIRED)
    .optional()
    .transform((v) => v ?? 1),
  /** The form sends it; the position decides it. */
  election_id: optionalIdRef().optional(),
});
export type ContestantInput = z.infer<typeof contestantSchema>;

/** The vote payload of the spec: the voter (`coop_id`) is the signed-in member. */
export const voteSchema = z.object({
  election_id: idRef(REQUIRED),
  position_id: idRef(REQUIRED),
  contestant_id: idRef(REQUIRED),
  coop_id: optionalIdRef().optional(),
});
export type VoteInput = z.infer<typeof voteSchema>;
