/**
 * NOTE: what a member sends to manage their own account: a new password, and the password again to delete it.
 * Every call that can lock someone out asks for the current password, so a borrowed signed-in browser is not
 * enough to take an account over or destroy it.
 */
import * as v from 'valibot';
import { newPasswordField, PASSWORD_MAX, plainText, requiredObject } from './fields.ts';

const currentPasswordField = v.pipe(
  v.string('Current password is required'),
  v.nonEmpty('Current password is required'),
  v.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  plainText('Password'),
);

/** PUT /api/account/password. */
export const changePasswordSchema = v.pipe(
  requiredObject({ current_password: currentPasswordField, new_password: newPasswordField }),
  v.forward(
    v.partialCheck(
      [['current_password'], ['new_password']],
      (p) => p.current_password !== p.new_password,
      'The new password must differ from the current one',
    ),
    ['new_password'],
  ),
);
export type ChangePasswordInput = v.InferInput<typeof changePasswordSchema>;

/** DELETE /api/account. */
/** `{password}`: the person's own password, confirming something that cannot be undone (deleting an account or a community). */
export const passwordConfirmSchema = requiredObject({
  password: v.pipe(
    v.string('Password is required'),
    v.nonEmpty('Password is required'),
    v.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
    plainText('Password'),
  ),
});
export const deleteAccountSchema = passwordConfirmSchema;
export type DeleteAccountInput = v.InferInput<typeof deleteAccountSchema>;

/** How long a deleted account's username stays reserved before anyone may register it. */
export const USERNAME_COOLING_OFF_DAYS = 30;
