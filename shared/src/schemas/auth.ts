import { z } from 'zod';
import { password, requiredText } from './common.ts';

export const loginSchema = z.object({
  coop_id: requiredText('Please enter your login ID', 64),
  password: z.string('Please enter your password').min(1, 'Please enter your password').max(256),
});
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * Forgot password, in two steps through Cognito: without a code it sends one to the user's email;
 * with a code it sets the new password.
 */
export const passwordResetRequestSchema = z.object({
  coop_id: requiredText('Please enter your login ID', 64),
});

export const passwordResetConfirmSchema = z
  .object({
    coop_id: requiredText('Please enter your login ID', 64),
    code: requiredText('Please enter the code we sent you', 16),
    password: password(),
    password_confirmation: z.string('Passwords must match'),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'Passwords must match',
    path: ['password_confirmation'],
  });

export const changeOwnPasswordSchema = z
  .object({
    current_password: z.string('Please enter your current password').min(1, 'Please enter your current password'),
    password: password(),
    password_confirmation: z.string('Passwords must match'),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'Passwords must match',
    path: ['password_confirmation'],
  });

/**
 * The first sign-in of a member given a temporary password (an imported member): they choose their
 * own, with the password rules of every other password form.
 */
export const firstPasswordSchema = z
  .object({
    password: password(),
    password_confirmation: z.string('Passwords must match'),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'Passwords must match',
    path: ['password_confirmation'],
  });
export type FirstPasswordInput = z.infer<typeof firstPasswordSchema>;
