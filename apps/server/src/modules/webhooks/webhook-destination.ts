// Where a webhook may go (SSRF, issue 27 §3): the portal posts to URLs an administrator typed, from inside the
// supplier's network, so a URL must not reach the portal's own host, the internal network or a cloud metadata
// service. The host is resolved once, every address it resolves to must be public unicast, and the connection is
// made to that checked address (webhook-delivery.ts): a DNS answer that changes between the check and the connection
// (rebinding) cannot reach an internal address. WEBHOOK_ALLOW_PRIVATE_NETWORKS=true lifts the address rule (a
// receiver on the same host or network); the scheme and credential rules stay.
import { lookup } from 'node:dns/promises';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { webhookUrlProblem } from '@portal/contracts';
import { AppError } from '../../errors';

export type ResolvedAddress = { address: string; family: 4 | 6 };

/** Resolves a host name to its addresses; injected by tests to play a DNS answer that changes. */
export type WebhookResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The operating system's resolver (hosts file, then DNS), as any other client on the machine would use. */
export const systemResolver: WebhookResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

/** A resolution that does not answer within this is a failed attempt (the attempt's own time-out runs on top). */
const resolveTimeoutMs = 5_000;

/**
 * Public unicast only. Refused: private (10/8, 172.16/12, 192.168/16), loopback, link-local (169.254/16: cloud
 * metadata), CGNAT (100.64/10), unspecified (0.0.0.0, ::), multicast, broadcast, reserved and documentation ranges,
 * IPv6 unique-local (fc00::/7) and link-local, and the IPv6 forms that carry an IPv4 address (NAT64, 6to4, Teredo),
 * which could lead to an internal one. An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is judged as its IPv4 address.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress()) parsed = parsed.toIPv4Address();
  return parsed.range() === 'unicast';
}

export type DestinationProblem = 'private_address' | 'unresolvable';

export class DestinationError extends Error {
  constructor(
    readonly problem: DestinationProblem,
    message: string,
  ) {
    super(message);
    this.name = 'DestinationError';
  }
}

/** The URL's host without the brackets of an IPv6 literal. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * The address to connect to for `url`: an IP literal as written (the URL parser has already turned 2130706433 or
 * 0x7f.1 into 127.0.0.1), else the first address the host resolves to. Throws a DestinationError when the host does
 * not resolve, or when any of its addresses is not public (unless private networks are allowed): a name that
 * answers both a public and an internal address is refused, not tried on the public one.
 */
export async function resolveDestination(
  url: URL,
  options: { allowPrivate: boolean; resolve: WebhookResolver },
): Promise<ResolvedAddress> {
  const host = hostOf(url);
  const family = net.isIP(host);
  const addresses =
    family === 4 || family === 6
      ? [{ address: host, family: family as 4 | 6 }]
      : await resolveWithin(host, options.resolve);
  const first = addresses[0];
  if (!first) throw new DestinationError('unresolvable', `host not found: ${host}`);
  if (!options.allowPrivate) {
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused)
      throw new DestinationError(
        'private_address',
        `refused: ${host} resolves to ${refused.address}, a private, loopback or reserved address`,
      );
  }
  return first;
}

async function resolveWithin(host: string, resolve: WebhookResolver): Promise<ResolvedAddress[]> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      resolve(host),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new DestinationError('unresolvable', `host not found: ${host} (no answer in time)`)),
          resolveTimeoutMs,
        );
      }),
    ]);
  } catch (error) {
    if (error instanceof DestinationError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new DestinationError('unresolvable', `host not found: ${host} (${code})`);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The check of a URL an administrator saves: the form's rules (http or https, no credentials), then its addresses.
 * A host that does not resolve yet is accepted (its DNS may not be published yet; every attempt checks again and the
 * delivery log says "host not found"); one that resolves to an address the portal must not reach is refused.
 * Answers the URL as it will be stored.
 */
export async function checkWebhookUrl(
  value: string,
  options: { allowPrivate: boolean; resolve: WebhookResolver },
): Promise<string> {
  const problem = webhookUrlProblem(value);
  if (problem)
    throw new AppError('VALIDATION_FAILED', {
      messageKey: `webhooks.errors.url_${problem}`,
      details: { fields: ['url'] },
    });
  const url = new URL(value.trim());
  try {
    await resolveDestination(url, options);
  } catch (error) {
    if (error instanceof DestinationError && error.problem === 'private_address')
      throw new AppError('VALIDATION_FAILED', {
        messageKey: 'webhooks.errors.url_private_address',
        details: { fields: ['url'] },
      });
    if (!(error instanceof DestinationError)) throw error;
  }
  return url.toString();
}
