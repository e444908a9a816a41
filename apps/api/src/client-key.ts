import { sha256Hex } from "./sha256.js";
import { isIPv4, isIPv6 } from "node:net";

/** The eight 16-bit groups of an IPv6 address ("::" expanded, a dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address.split("%")[0]!.toLowerCase();
  const tail = text.slice(text.lastIndexOf(":") + 1);
  if (tail.includes(".")) {
    const [a, b, c, d] = tail.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, text.length - tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.includes("::") ? text.split("::") : [text, undefined];
  const first = head ? head.split(":") : [];
  const last = rest ? rest.split(":") : [];
  const zeros = rest === undefined ? [] : Array<string>(8 - first.length - last.length).fill("0");
  return [...first, ...zeros, ...last].map((group) => parseInt(group, 16));
}

/**
 * What identifies one client for R23's limits. An IPv6 client is its /64 network: a home or a
 * phone is given a whole /64 and can use any address in it. An IPv4-mapped IPv6 address
 * (::ffff:203.0.113.7) is its IPv4 address.
 */
export function clientNetwork(address: string): string {
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/**
 * The key a client's holds and requests are counted under (R23), stored on its bookings instead
 * of its address: the sha256 of its network (`clientNetwork`), in hex. `address` is `req.ip`,
 * which Fastify takes from X-Forwarded-For only behind a trusted proxy (TRUST_PROXY).
 */
export function clientKey(address: string): string {
  return sha256Hex(clientNetwork(address));
}
