/** The SSRF policy at delivery time: the address a request connects to is the address that was checked. */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { addressRefusal, checkWebhookUrl, isApiError, type WebhookUrlPolicy } from '@yv/domain';

/** A name that resolved to an address the policy refuses: the attempt fails without connecting anywhere. */
export class RefusedAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedAddressError';
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * net's `lookup` for the delivery agents: resolves like dns.lookup, then refuses the whole name when any of its
 * addresses is refused. Checking here rather than before the request is what defeats DNS rebinding: a name that
 * resolved to a public address for a check and to 127.0.0.1 for the connection cannot happen, as there is one
 * resolution and the socket connects to its answer.
 */
export function guardedLookup(policy: WebhookUrlPolicy): LookupFunction {
  const lookup = (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      for (const { address } of addresses) {
        const why = addressRefusal(address, policy);
        if (why)
          return callback(new RefusedAddressError(`${hostname} resolves to a refused address: ${why}`), []);
      }
      const first = addresses[0];
      if (!first) return callback(new RefusedAddressError(`${hostname} resolves to no address`), []);
      if (options.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
  return lookup as LookupFunction;
}

/**
 * What can be refused before any DNS: scheme, credentials, metadata names, and IP-literal hosts, which net connects
 * to without calling `lookup` at all. The URL was checked when it was set, but the policy or an operator's
 * `pnpm admin webhook set` may have changed since.
 * @returns why the URL is refused, or null.
 */
export function urlRefusal(url: string, policy: WebhookUrlPolicy): string | null {
  try {
    checkWebhookUrl(url, policy);
    return null;
  } catch (error) {
    if (isApiError(error)) return error.message;
    throw error;
  }
}
