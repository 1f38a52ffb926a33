/** NOTE: web push's answers (ADR 053). */
import type { PushPreferences } from './push-values.ts';

/** GET /api/push/key: the VAPID public key browsers subscribe with (base64url). */
export type PushKeyResponse = { public_key: string };
/** GET and PUT /api/push/preferences. */
export type PushPreferencesResponse = { preferences: PushPreferences };
/** GET /api/push/device: the endpoint this session is subscribed with, or null. */
export type PushDeviceResponse = { endpoint: string | null };
