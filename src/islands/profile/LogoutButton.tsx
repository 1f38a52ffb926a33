/** The own profile's Sign out button: it ends this session and goes to /login. A failed logout is stored by the session store and ignored here. */
import { useState } from 'react';
import { LOGIN_PATH } from '../../shared/constants.ts';
import { logout } from '../../stores/accounts/session.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';

export default function LogoutButton() {
  const [busy, setBusy] = useState(false);
  async function onClick() {
    setBusy(true);
    await logout();
    window.location.assign(LOGIN_PATH);
  }
  return (
    <Button variant="outline" palette="secondary" onClick={() => void onClick()} disabled={busy} aria-busy={busy}>
      <Icon name="logout" />
      Sign out
    </Button>
  );
}
