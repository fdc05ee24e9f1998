import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests, so neither the length nor any prefix of the secret leaks through timing. */
export function cronSecretMatches(header: string | undefined, cronSecret: string | undefined): boolean {
  if (!cronSecret || !header) return false;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/.exec(header);
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(cronSecret));
}
