/** Response shapes of spec §7, shared by the API and its client. */
export type SessionUser = { user_id: number; username: string; email: string; expires_at: string };
export type AuthResponse = { user: SessionUser; csrf_token: string };
export type VerifyResponse = ({ valid: true } & SessionUser & { csrf_token: string }) | { valid: false; csrf_token: string; error: string };
