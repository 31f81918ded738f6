import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with the library defaults, which are OWASP's minimum (19 MiB, t=2, p=1).
 * A fixed hash lets a login for an unknown email cost the same as one for a real account.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  if (passwordHash === null) {
    dummyHash ??= hash('not a real password: equalises timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
