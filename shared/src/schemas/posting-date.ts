import { z } from 'zod';
import type { PostingDateOptions } from '../posting-rules.ts';
import { postingDateIssue } from '../posting-rules.ts';
import { dateIssue } from '../dates.ts';

/**
 * The one rule for a date money is posted on (DESIGN.md section 3, posting-rules.ts): YYYY-MM-DD, a
 * real calendar date, not in the future, not before the cooperative's opening date (which the
 * server knows inside a request) and not in a closed year. Every route that posts money on a date
 * a person chooses reads it with this field.
 */
export const postingDate = (message = 'This field is required', options: Omit<PostingDateOptions, 'today'> = {}) =>
  z
    .string(message)
    .trim()
    .min(1, message)
    .superRefine((value, ctx) => {
      const issue = dateIssue(value) ?? postingDateIssue(value, options);
      if (issue) ctx.addIssue({ code: 'custom', message: issue });
    });
