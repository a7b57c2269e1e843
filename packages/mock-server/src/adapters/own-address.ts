/**
 * The Node server's own addresses, for two checks: which receiver URLs would
 * deliver to the mock itself (`OwnAddressGuard`), and which `Host` names
 * reach it when it listens on every interface (`interfaceHostnames`).
 *
 * URLs are read after the WHATWG parser's normalisation, which already turns
 * `0x7f000001`, `2130706433`, `0177.0.0.1` and `127.1` into `127.0.0.1`, and
 * `[0:0:0:0:0:0:0:1]` into `[::1]`; `node:net`'s `BlockList` matches IPv4
 * rules for IPv4-mapped IPv6 addresses (`[::ffff:7f00:1]`).
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { ReceiverGuard } from '../engine/webhooks/receiver-guard.js';

/** Resolves a host name to every address it has now (both families). */
export type HostResolver = (hostname: string) => Promise<readonly string[]>;

/** The system resolver (`getaddrinfo`, hosts file included), every address. */
export const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** Whether `address` is `0.0.0.0` or `::`: the server listens on every interface. */
export function isUnspecifiedAddress(address: string): boolean {
  return address === '0.0.0.0' || address === '::';
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether `address` (an IP literal, no brackets) is a loopback address. */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** `localhost`, `*.localhost`, with or without the final dot: loopback by RFC 6761, never asked of DNS. */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  return name === 'localhost' || name.endsWith('.localhost');
}

/** Every address of this machine's network interfaces. */
function interfaceAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((entries) =>
    (entries ?? []).map((entry) => entry.address),
  );
}

/**
 * The interface addresses other than loopback as `Host` names (IPv6 in
 * brackets), for a server on every interface.
 */
export function interfaceHostnames(): string[] {
  return interfaceAddresses()
    .filter((address) => !isLoopbackAddress(address))
    .map((address) => (isIP(address) === 6 ? `[${address}]` : address));
}

/**
 * The addresses at which a connection reaches a server bound to `bound`:
 * every loopback address (an alias of 127.0.0.1 may reach it, and refusing a
 * few more than needed costs nothing on the mock's one port), the
 * "this host" addresses (`0.0.0.0` and `[::]` connect to the local machine),
 * IPv4-compatible loopback (`[::127.0.0.1]`), the bound address, and with
 * `0.0.0.0` or `::` every interface address.
 */
function reachingAddresses(bound: string): BlockList {
  const list = new BlockList();
  list.addSubnet('127.0.0.0', 8, 'ipv4');
  list.addAddress('::1', 'ipv6');
  list.addSubnet('0.0.0.0', 8, 'ipv4');
  list.addAddress('::', 'ipv6');
  list.addSubnet('::127.0.0.0', 104, 'ipv6');
  const extra = isUnspecifiedAddress(bound) ? interfaceAddresses() : [bound];
  for (const address of extra) {
    const family = isIP(address);
    if (family !== 0) list.addAddress(address, family === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

/** The port a URL connects to. */
function portOf(url: URL): number | undefined {
  if (url.port !== '') return Number(url.port);
  if (url.protocol === 'http:') return 80;
  if (url.protocol === 'https:') return 443;
  return undefined;
}

/** Options of {@link OwnAddressGuard}. */
export interface OwnAddressGuardOptions {
  /** The address the server is bound to (`server.address().address`). */
  readonly address: string;
  readonly port: number;
  /** How host names are resolved; default the system resolver. */
  readonly resolve?: HostResolver;
}

/**
 * Refuses receiver URLs that would deliver to the mock's own address and
 * port, whatever name or address form points there. A DNS name on the
 * mock's port is resolved each time it is checked (at creation, edit,
 * trigger and before each delivery), so a name rebound to the mock since
 * is refused too. Other ports of the machine stay open to deliveries.
 */
export class OwnAddressGuard implements ReceiverGuard {
  readonly #port: number;
  readonly #where: string;
  readonly #reaching: BlockList;
  readonly #resolve: HostResolver;

  constructor(options: OwnAddressGuardOptions) {
    this.#port = options.port;
    this.#where = `port ${options.port} of ${isUnspecifiedAddress(options.address) ? 'every interface' : options.address}`;
    this.#reaching = reachingAddresses(options.address);
    this.#resolve = options.resolve ?? systemResolver;
  }

  /** Whether a connection to `address` (an IP literal) on the mock's port reaches the mock. */
  #reaches(address: string): boolean {
    const family = isIP(address);
    return family !== 0 && this.#reaching.check(address, family === 6 ? 'ipv6' : 'ipv4');
  }

  #sentence(how: string): string {
    return `points at the mock server itself (${how}, where it listens on ${this.#where}). Deliveries there are refused: they would reach its control API and other accounts' data. Give your receiver's own address or port.`;
  }

  /** See {@link ReceiverGuard.refusal}. */
  async refusal(url: URL): Promise<string | undefined> {
    if (portOf(url) !== this.#port) return undefined;
    const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isLocalhostName(hostname)) return this.#sentence(`${url.hostname} is loopback`);
    if (isIP(hostname) !== 0) {
      return this.#reaches(hostname)
        ? this.#sentence(`${url.hostname} is this machine`)
        : undefined;
    }
    let addresses: readonly string[];
    try {
      addresses = await this.#resolve(hostname);
    } catch {
      // A name that does not resolve reaches nothing; the delivery reports that.
      return undefined;
    }
    const own = addresses.find((address) => this.#reaches(address));
    return own === undefined
      ? undefined
      : this.#sentence(`${url.hostname} resolves to ${own}, this machine`);
  }
}
