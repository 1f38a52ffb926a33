/**
 * NOTE: a click on a push notification (ADR 053) asks an open Savepoint tab to show the push's page: the service
 * worker posts `{type: 'open', url}` with a port, and this tab answers on the port and moves there with ClientRouter,
 * so what the person was doing in persisted islands (an upload running) carries on. Only this origin's paths.
 * Call `followNotificationClicks()` once per full page load (SessionGate does); it answers the stop function.
 */
export function followNotificationClicks(): () => void {
  if (!('serviceWorker' in navigator)) return () => {};
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { type?: unknown; url?: unknown } | null;
    if (data?.type !== 'open' || typeof data.url !== 'string') return;
    const target = new URL(data.url, window.location.origin);
    if (target.origin !== window.location.origin) return;
    event.ports[0]?.postMessage('opened');
    // Loaded on a click only, as the other islands that navigate do: every signed-in page loads this module.
    void import('astro:transitions/client').then(({ navigate }) => navigate(`${target.pathname}${target.search}${target.hash}`));
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}
