/** The registration form of spec §2 "Registration" (title and sign-in link are in src/pages/register.astro). */
import { registerSchema } from '../../shared/schemas/auth.ts';
import { register } from '../../stores/accounts/session.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { BirthdayFields } from './BirthdayFields.tsx';
import { authFormClass } from './form-styles.ts';
import { useAuthForm } from './use-auth-form.ts';

export default function RegisterForm() {
  const form = useAuthForm({ schema: registerSchema, send: register, failureMessage: 'Registration failed. Please try again.' });
  const field = (name: string) => ({ name, required: true, error: form.errorOf(name) });

  return (
    <form className={authFormClass} method="post" noValidate onSubmit={(e) => void form.onSubmit(e)}>
      {form.error && <Alert>{form.error}</Alert>}
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <TextField label="Username" autoComplete="username" autoCapitalize="none" spellCheck={false} {...field('username')} />
      <BirthdayFields errorOf={form.errorOf} />
      <TextField label="Password" type="password" autoComplete="new-password" {...field('password')} />
      <TextField label="Confirm Password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
      <Button type="submit" size="lg" fullWidth disabled={!form.ready || form.busy}>
        {form.busy ? 'Signing up...' : 'Sign Up'}
      </Button>
    </form>
  );
}
