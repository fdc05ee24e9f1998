import { BlockList, isIP } from 'node:net';
import { MAX_WEBHOOK_URL_LENGTH } from '@yv/schemas';
import { ApiError } from '../errors';

/**
 * Which webhook URLs the service will POST to (SSRF policy). A partner chooses the URL, so without this it could
 * make our servers call anything they can reach: cloud metadata, admin ports on loopback, the internal network.
 * The URL is checked when it is set (gateway, after resolving the name) and each address again at delivery time
 * (worker), because a name may resolve to another address later (DNS rebinding).
 */

export interface WebhookUrlPolicy {
  /** WEBHOOK_ALLOW_PRIVATE_URLS: loopback, private and reserved ranges allowed (dev stacks, tests). Never metadata. */
  allowPrivate: boolean;
}

/** Cloud instance-metadata names; their addresses are in ALWAYS_REFUSED too. */
const METADATA_HOSTNAMES = new Set([
  'metadata.google.internal',
  'metadata.goog',
  'instance-data.ec2.internal',
]);

function blockList(ranges: readonly (readonly [string, number])[]): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of ranges)
    list.addSubnet(network, prefix, isIP(network) === 6 ? 'ipv6' : 'ipv4');
  return list;
}

/** Link-local and metadata addresses: refused whatever the operator allows (169.254.169.254 is in 169.254/16). */
const ALWAYS_REFUSED = blockList([
  ['169.254.0.0', 16],
  ['100.100.100.200', 32],
  ['fe80::', 10],
  ['fd00:ec2::254', 128],
]);

/** Loopback, private, shared, multicast and reserved ranges (IANA special-purpose registries). */
const PRIVATE = blockList([
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
  // IPv6: unspecified, loopback and IPv4-compatible (::/96), NAT64 and 6to4 and Teredo (they embed IPv4
  // addresses), discard, documentation, unique local, site-local, multicast.
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fec0::', 10],
  ['ff00::', 8],
]);

/**
 * The one spelling of an address the block lists are checked on: brackets and IPv6 zone dropped, IPv6 in its
 * canonical form, and an IPv4-mapped IPv6 address (::ffff:127.0.0.1, ::ffff:7f00:1) as the IPv4 address it is.
 * @returns null when `address` is not an IP address.
 */
export function normalizeAddress(address: string): string | null {
  const bare = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  const version = isIP(bare);
  if (version === 4) return bare;
  if (version !== 6) return null;
  // The WHATWG URL serializer writes IPv6 canonically: lowercase, zeros compressed, embedded IPv4 in hex.
  const canonical = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!mapped) return canonical;
  const word = (hex: string) => Number.parseInt(hex, 16);
  const [high, low] = [word(mapped[1] as string), word(mapped[2] as string)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Why the service will not connect to `address`, or null when it may. */
export function addressRefusal(address: string, policy: WebhookUrlPolicy): string | null {
  const normalized = normalizeAddress(address);
  if (normalized === null) return `${address} is not an IP address`;
  const type = isIP(normalized) === 6 ? 'ipv6' : 'ipv4';
  if (ALWAYS_REFUSED.check(normalized, type)) return `${address} is a link-local or cloud metadata address`;
  if (!policy.allowPrivate && PRIVATE.check(normalized, type))
    return `${address} is a loopback, private or reserved address`;
  return null;
}

export interface CheckedWebhookUrl {
  /** The URL as it is stored and requested (WHATWG-serialized: IPv4 in dotted form, host lowercase). */
  url: string;
  /** The host without brackets or trailing dot. */
  hostname: string;
  /** True when the host is an IP address (already checked): no name to resolve. */
  isAddress: boolean;
}

function refuse(url: string, why: string): never {
  throw new ApiError('BAD_REQUEST', `webhook URL ${JSON.stringify(url)} is refused: ${why}`);
}

/**
 * Everything about a webhook URL that can be decided without DNS: a URL, http or https, no credentials, not a
 * metadata name, and, when the host is an IP address in any spelling (decimal, octal, hex IPv4 are serialized to
 * dotted form by the URL parser), an allowed address. A hostname must then have every address it resolves to
 * checked with `addressRefusal`.
 * @throws ApiError BAD_REQUEST saying why.
 */
export function checkWebhookUrl(raw: string, policy: WebhookUrlPolicy): CheckedWebhookUrl {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH)
    refuse(raw.slice(0, 64), `longer than ${MAX_WEBHOOK_URL_LENGTH} characters`);
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return refuse(raw, 'not an absolute URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    refuse(raw, `the scheme must be https or http, not ${parsed.protocol.slice(0, -1)}`);
  if (parsed.username !== '' || parsed.password !== '')
    refuse(raw, 'credentials in the URL are not allowed (authenticate deliveries by their signature)');
  const hostname = parsed.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (hostname === '') refuse(raw, 'no host');
  if (METADATA_HOSTNAMES.has(hostname)) refuse(raw, `${hostname} is a cloud metadata host`);
  const isAddress = isIP(hostname) !== 0;
  if (isAddress) {
    const why = addressRefusal(hostname, policy);
    if (why) refuse(raw, why);
  }
  return { url: parsed.toString(), hostname, isAddress };
}

/**
 * A resolved name: refused when ANY of its addresses is (a client may connect to any of them).
 * @throws ApiError BAD_REQUEST naming the address and why.
 */
export function checkResolvedAddresses(
  url: string,
  hostname: string,
  addresses: readonly string[],
  policy: WebhookUrlPolicy,
): void {
  if (addresses.length === 0) refuse(url, `${hostname} resolves to no address`);
  for (const address of addresses) {
    const why = addressRefusal(address, policy);
    if (why) refuse(url, `${hostname} resolves to a refused address: ${why}`);
  }
}
