import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { TextField } from './text-field';

/**
 * The new password and its confirmation, as every password form asks for them (reset, change your
 * own, staff setting a member's); the form's schema names them `password` and `password_confirmation`.
 */
export function NewPasswordFields<T extends FieldValues & { password: string; password_confirmation: string }, TOut>({
  control,
}: {
  control: Control<T, unknown, TOut>;
}) {
  return (
    <>
      <TextField
        control={control}
        name={'password' as FieldPath<T>}
        label="New password"
        type="password"
        autoComplete="new-password"
        constraintText="6 to 20 characters"
      />
      <TextField
        control={control}
        name={'password_confirmation' as FieldPath<T>}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
