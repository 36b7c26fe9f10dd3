import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook must never reach (SSRF): a wallet names the URL and the server makes the request, so without
 * this anyone could make the server call its own admin ports, the cloud metadata service (169.254.169.254) or the
 * private network behind it. node:net's BlockList does the range arithmetic (and checks IPv4-mapped IPv6 forms
 * against the IPv4 rules); the list is IANA's special-purpose registries, so only globally routable unicast passes.
 */
const NOT_PUBLIC: readonly [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'], // "this network"
  ['10.0.0.0', 8, 'ipv4'], // private
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
  ['127.0.0.0', 8, 'ipv4'], // loopback
  ['169.254.0.0', 16, 'ipv4'], // link-local, cloud metadata
  ['172.16.0.0', 12, 'ipv4'], // private
  ['192.0.0.0', 24, 'ipv4'], // IETF protocol assignments
  ['192.0.2.0', 24, 'ipv4'], // documentation
  ['192.88.99.0', 24, 'ipv4'], // 6to4 relay anycast
  ['192.168.0.0', 16, 'ipv4'], // private
  ['198.18.0.0', 15, 'ipv4'], // benchmarking
  ['198.51.100.0', 24, 'ipv4'], // documentation
  ['203.0.113.0', 24, 'ipv4'], // documentation
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, broadcast
  ['::', 96, 'ipv6'], // unspecified, loopback, IPv4-compatible
  ['64:ff9b::', 96, 'ipv6'], // NAT64: would reach whichever IPv4 address it embeds
  ['64:ff9b:1::', 48, 'ipv6'], // local-use NAT64
  ['100::', 64, 'ipv6'], // discard
  ['2001::', 23, 'ipv6'], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32, 'ipv6'], // documentation
  ['2002::', 16, 'ipv6'], // 6to4: embeds an IPv4 address
  ['fc00::', 7, 'ipv6'], // unique-local
  ['fe80::', 10, 'ipv6'], // link-local
  ['fec0::', 10, 'ipv6'], // site-local (deprecated)
  ['ff00::', 8, 'ipv6'], // multicast
];

const blocked = new BlockList();
for (const [network, prefix, family] of NOT_PUBLIC) blocked.addSubnet(network, prefix, family);

/**
 * Every IPv4-mapped form (::ffff:a.b.c.d), public ones too: no webhook host needs one, and refusing them all does not
 * depend on how a mapped address is compared. A list of its own, because BlockList checks IPv4 addresses against
 * IPv6 rules in their mapped form: in `blocked`, this range would refuse every IPv4 address.
 */
const mapped = new BlockList();
mapped.addSubnet('::ffff:0:0', 96, 'ipv6');

/** Whether `ip` (a literal, no brackets) is a globally routable unicast address. Anything unparseable is not. */
export function isPublicAddress(ip: string): boolean {
  // A zone id (fe80::1%eth0) only ever qualifies a link-local address.
  if (ip.includes('%')) return false;
  const family = isIP(ip);
  if (family === 0) return false;
  if (family === 6 && mapped.check(ip, 'ipv6')) return false;
  return !blocked.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}
