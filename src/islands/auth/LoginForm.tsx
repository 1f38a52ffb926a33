/** The sign-in form of spec §2 "Sign in" (title and sign-up link are in src/pages/login.astro). */
import { loginSchema } from '../../shared/schemas/auth.ts';
import { login } from '../../stores/accounts/session.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { authFormClass } from './form-styles.ts';
import { useAuthForm } from './use-auth-form.ts';

export default function LoginForm() {
  const form = useAuthForm({ schema: loginSchema, send: login, failureMessage: 'Sign-in failed. Please try again.' });

  return (
    <form className={authFormClass} method="post" noValidate onSubmit={(e) => void form.onSubmit(e)}>
      {form.error && <Alert>{form.error}</Alert>}
      <TextField label="Email" name="email" type="email" autoComplete="email" required error={form.errorOf('email')} />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={form.errorOf('password')}
      />
      <Button type="submit" size="lg" fullWidth disabled={!form.ready || form.busy}>
        {form.busy ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
