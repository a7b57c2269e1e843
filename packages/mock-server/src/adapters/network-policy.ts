/**
 * The network policy of a listening Node server (`http/network-guard.ts`
 * applies it): which `Host` names it serves and whether its control API
 * takes a token, decided from the options and the address it is bound to.
 */
import { randomBytes } from 'node:crypto';
import {
  hostnameOfHost,
  isControlTokenForm,
  type NetworkPolicy,
  parseAllowedHosts,
} from '../http/network-guard.js';
import { interfaceHostnames, isLoopbackAddress, isUnspecifiedAddress } from './own-address.js';

/** What decides the policy. */
export interface NetworkPolicyInput {
  /** The `allowedHosts` option. */
  readonly allowedHosts: readonly string[];
  /** The `controlToken` option. */
  readonly controlToken: string | true | undefined;
  /** The `host` option: the name or address the server was told to listen on. */
  readonly host: string;
  /** The address it is bound to (`server.address().address`). */
  readonly bound: string;
}

/** A host or address as it appears in a URL (IPv6 in brackets). */
export function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/**
 * Checks the options before the server listens: a bad `allowedHosts` entry
 * or `controlToken` is a TypeError saying what to give instead.
 */
export function checkNetworkOptions(
  allowedHosts: readonly string[],
  controlToken: string | true | undefined,
): void {
  parseAllowedHosts(allowedHosts);
  if (typeof controlToken === 'string' && !isControlTokenForm(controlToken)) {
    throw new TypeError(
      'controlToken must be 16 or more printable ASCII characters without spaces (it travels in a header); e.g. generate one with `openssl rand -hex 24`.',
    );
  }
}

/**
 * The policy of a server once it listens. Hosts served beside the loopback
 * names: the option's, the name it was told to listen on, and on every
 * interface each interface address. The control token: the one given; else
 * a random one when bound to anything but loopback (or when `true` asks for
 * one); else none.
 */
export function networkPolicyFor(input: NetworkPolicyInput): NetworkPolicy {
  const listenName = hostnameOfHost(urlHost(input.host));
  const hosts = [
    ...parseAllowedHosts(input.allowedHosts),
    ...(listenName === undefined || isUnspecifiedAddress(input.host) ? [] : [listenName]),
    ...(isUnspecifiedAddress(input.bound) ? interfaceHostnames() : []),
  ];
  const { controlToken } = input;
  const token =
    typeof controlToken === 'string'
      ? controlToken
      : controlToken === true || !isLoopbackAddress(input.bound)
        ? randomBytes(24).toString('base64url')
        : undefined;
  return { allowedHosts: [...new Set(hosts)], controlToken: token };
}
