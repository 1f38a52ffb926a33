/**
 * The 'Your data' card of the account screen: says what the export holds and downloads it. The zip is streamed by
 * the server straight into the browser's downloads (never held in this page's memory), so the button first asks
 * with a HEAD whether the download can start (signed in), then lets the browser fetch it through a link.
 */
import { useEffect, useRef, useState } from 'react';
import { css } from '../../../styled-system/css';
import { card } from '../../../styled-system/recipes';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';

const EXPORT_URL = '/api/account/export';
/** How long the button reads 'Download started' before it can be pressed again. */
const STARTED_MS = 5000;

const titleClass = css({ fontSize: 'lg', fontWeight: 'semibold', mb: '2' });
const textClass = css({ color: 'fg.muted', fontSize: 'sm', mb: '3' });
const listClass = css({ listStyle: 'disc', pl: '5', mb: '4', color: 'fg.muted', fontSize: 'sm', '& li': { mb: '1' } });
const statusClass = css({ mt: '3', fontSize: 'sm', color: 'fg.muted' });

type State = 'idle' | 'checking' | 'started';

export default function ExportSection() {
  const [state, setState] = useState<State>('idle');
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function download() {
    setError(null);
    setState('checking');
    const res = await fetch(EXPORT_URL, { method: 'HEAD', credentials: 'include' }).catch(() => null);
    if (!res?.ok) {
      setState('idle');
      setError(
        res?.status === 401
          ? 'You are signed out. Sign in again to download your data.'
          : 'Your data could not be downloaded. Please try again.',
      );
      return;
    }
    const link = document.createElement('a');
    link.href = EXPORT_URL;
    link.download = '';
    document.body.append(link);
    link.click();
    link.remove();
    setState('started');
    timer.current = window.setTimeout(() => setState('idle'), STARTED_MS);
  }

  const busy = state !== 'idle';
  return (
    <section className={card()} aria-labelledby="export-title">
      <h2 id="export-title" className={titleClass}>
        Your data
      </h2>
      <p className={textClass}>Download a copy of everything you have put into Savepoint, as a zip file:</p>
      <ul className={listClass}>
        <li>your profile, gaming handles and who can see them</li>
        <li>your friends, followers and the people you follow</li>
        <li>your posts with their captions and dates, and the original photos and videos</li>
        <li>the comments you wrote and the posts you liked</li>
        <li>the chat messages you sent, with the name of each chat, and the images you sent</li>
      </ul>
      <Button variant="outline" onClick={() => void download()} disabled={busy} aria-busy={state === 'checking'}>
        <Icon name="download" />
        {state === 'checking' ? 'Preparing...' : 'Download my data'}
      </Button>
      <p role="status" className={statusClass}>
        {state === 'started' ? 'Your download has started. With many posts it can take a few minutes.' : ''}
      </p>
      {error && <Alert>{error}</Alert>}
    </section>
  );
}
