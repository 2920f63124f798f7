import { WEBHOOKS_TEXTS } from '@freight/domain/texts/webhooks';
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { AppError } from '../../errors/app-error';

/*
 * Where a webhook may go (issue 18): https only, and only to addresses of the public internet —
 * never into our own network (SSRF). Checked twice: when the address is registered (400 with a
 * Russian message for the field) and at every attempt, where the connection is made to the very
 * address that was checked (guardedLookup), so a name re-pointed to 127.0.0.1 after registration
 * (DNS rebinding) is refused too. Both allowances are test-only settings (config/env.ts).
 */

const W = WEBHOOKS_TEXTS;

export interface TargetPolicy {
  /** Deliver to private, loopback and other internal addresses (tests and the demo only). */
  allowPrivateTargets: boolean;
  /** Deliver over plain http (tests and the demo only). */
  allowHttp: boolean;
}

/**
 * Whether `address` is an ordinary address of the public internet: ipaddr.js's `unicast`, i.e.
 * none of its special ranges — private (RFC 1918), loopback, link-local, CGNAT (100.64/10),
 * multicast, broadcast, unspecified, reserved and documentation ranges, IPv6 unique-local,
 * site-local, and the IPv6 forms that embed an IPv4 address (IPv4-mapped, NAT64, 6to4, Teredo):
 * an IPv4-mapped address is judged as the IPv4 address it carries. Not an IP address: false.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** The host of a URL as a resolver takes it (an IPv6 literal without its brackets). */
export function urlHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Every address a name resolves to, as the system resolver answers (hosts file included). */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** Why a target is refused. */
export type TargetRefusal = 'not_https' | 'private' | 'unresolved';

/**
 * Checks a target before anything is sent: the scheme, then every address the host resolves to
 * (one private address among public ones is enough to refuse: a resolver may hand out either).
 */
export async function checkTarget(
  target: URL,
  policy: TargetPolicy,
  resolve: Resolver = systemResolver,
): Promise<TargetRefusal | null> {
  if (target.protocol !== 'https:' && !(target.protocol === 'http:' && policy.allowHttp)) return 'not_https';
  if (policy.allowPrivateTargets) return null;
  const host = urlHost(target);
  if (ipaddr.isValid(host)) return isPublicAddress(host) ? null : 'private';
  let addresses: { address: string }[];
  try {
    addresses = await resolve(host);
  } catch {
    return 'unresolved';
  }
  if (addresses.length === 0) return 'unresolved';
  return addresses.every((a) => isPublicAddress(a.address)) ? null : 'private';
}

/**
 * The registration check (create): 400 VALIDATION_FAILED with `fields.url` in Russian when the
 * address is not https, points into an internal network or does not resolve at all.
 */
export async function assertWebhookTarget(url: string, policy: TargetPolicy, resolve?: Resolver): Promise<void> {
  const refusal = await checkTarget(new URL(url), policy, resolve);
  if (!refusal) return;
  const message = refusal === 'not_https' ? W.urlNotHttps : refusal === 'private' ? W.urlPrivate : W.urlUnresolved;
  throw new AppError('VALIDATION_FAILED', 400, message, { url: message });
}

/** The error of a connection refused by {@link guardedLookup}. */
export class PrivateTargetError extends Error {
  readonly code = 'WEBHOOK_PRIVATE_TARGET';
  constructor(hostname: string) {
    super(`${hostname} resolves to an internal address`);
    this.name = 'PrivateTargetError';
  }
}

/**
 * A `lookup` for node:http(s) that resolves the name once and refuses (PrivateTargetError) when
 * any answer is an internal address; the socket then connects to an address this function
 * returned, never to a second resolution an attacker could steer.
 */
export function guardedLookup(policy: TargetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, verbatim: true, family: options.family ?? 0 }, (error, addresses) => {
      const reply = callback as (err: NodeJS.ErrnoException | null, address?: unknown, family?: number) => void;
      if (error) return reply(error);
      if (addresses.length === 0)
        return reply(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }));
      if (!policy.allowPrivateTargets && !addresses.every((a) => isPublicAddress(a.address))) {
        return reply(new PrivateTargetError(hostname));
      }
      if (options.all) return reply(null, addresses);
      return reply(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
