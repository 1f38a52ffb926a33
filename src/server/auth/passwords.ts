import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: m=19 MiB, t=2, p=1.
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id: a const enum, unavailable under verbatimModuleSyntax */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spends the same time as a real check, so unknown emails cannot be told apart by timing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('not-a-real-password-0000');
  await verifyPassword(await dummy, password);
}
