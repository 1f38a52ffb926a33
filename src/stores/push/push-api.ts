/**
 * NOTE: this browser's web push (ADR 053): what it can do, its subscription, and the server's calls. Every call
 * throws ApiError on a refused answer (show `serverMessageOf(err)`), and the browser's own refusals as Error.
 * Permission is asked for only by `turnOn`, which must run from the person's click.
 */
import { api } from '../../client/api.ts';
import type { MessageResponse } from '../../shared/api-types.ts';
import type { PushDeviceResponse, PushKeyResponse, PushPreferencesResponse } from '../../shared/push-types.ts';
import type { PushPreferences } from '../../shared/push-values.ts';

/** What this device can do: `home-screen` is Safari on iPhone and iPad, where only an installed app gets pushes. */
export type PushSupport = 'supported' | 'home-screen' | 'unsupported';
export type DeviceState = 'on' | 'off' | 'blocked';

export function pushSupport(): PushSupport {
  if ('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window) return 'supported';
  const apple = /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  return apple && !matchMedia('(display-mode: standalone)').matches ? 'home-screen' : 'unsupported';
}

const worker = async () => (await navigator.serviceWorker.getRegistration('/')) ?? navigator.serviceWorker.register('/sw.js');
const subscription = async () => (await (await worker()).pushManager.getSubscription()) ?? null;
const send = (sub: PushSubscription) => api.post<MessageResponse>('/push/subscriptions', sub.toJSON());

/**
 * This device's state: on only when the server has this session's subscription and it is the browser's. A
 * subscription the browser kept from an earlier session (maybe someone else's) is never sent on its own: the person
 * turns notifications on, which sends it again.
 */
export async function deviceState(): Promise<DeviceState> {
  if (Notification.permission === 'denied') return 'blocked';
  const sub = Notification.permission === 'granted' ? await subscription() : null;
  if (!sub) return 'off';
  const { endpoint } = await api.get<PushDeviceResponse>('/push/device');
  return endpoint === sub.endpoint ? 'on' : 'off';
}

export async function turnOn(): Promise<DeviceState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const { public_key } = await api.get<PushKeyResponse>('/push/key');
  const registration = await worker();
  const old = await registration.pushManager.getSubscription();
  // The browser's subscription is kept when it was made with this key (a new one would strand the old endpoint).
  const sameKey = old?.options.applicationServerKey && bytesEqual(old.options.applicationServerKey, base64url(public_key));
  if (old && sameKey) {
    await send(old);
    return 'on';
  }
  if (old) await old.unsubscribe();
  const sub = await registration.pushManager
    .subscribe({ userVisibleOnly: true, applicationServerKey: public_key })
    .catch((err: unknown) => {
      throw new Error(`This browser could not subscribe to notifications (${err instanceof Error ? err.message : String(err)}).`);
    });
  await send(sub);
  return 'on';
}

const base64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const bytesEqual = (a: ArrayBuffer, b: Uint8Array) => a.byteLength === b.length && new Uint8Array(a).every((x, i) => x === b[i]);

export async function turnOff(): Promise<DeviceState> {
  const sub = await subscription();
  if (sub) {
    await api.delete<MessageResponse>('/push/subscriptions', { endpoint: sub.endpoint });
    await sub.unsubscribe();
  }
  return 'off';
}

export const sendTest = () => api.post<MessageResponse>('/push/test');
export const fetchPreferences = () => api.get<PushPreferencesResponse>('/push/preferences');
export const savePreferences = (p: PushPreferences) => api.put<PushPreferencesResponse>('/push/preferences', p);
