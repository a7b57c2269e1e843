/**
 * Every method of the SDK's resources has a command: each table entry's
 * `run` is called with a recording stand-in for the client, and the SDK
 * methods it reaches are compared with every method the real client has
 * (and every operation of the spec, through the SDK's own list). A method
 * the SDK gains without a command fails here, naming it.
 */
import { createClient } from '@shiptrack/sdk';
import { describe, expect, it } from 'vitest';
import { CALL_NAMES } from '../../sdk/src/generated/operations.js';
import type { Operation } from '../src/commands/operation.js';
import { OPERATIONS } from '../src/commands/operations/index.js';
import type { OptionSpec } from '../src/commands/option-specs.js';

const SAMPLE_ID = '0b9f5f4e-2b8a-4c1e-9d3f-5a6b7c8d9e0f';

/** SDK methods reached by a command of its own rather than a table entry. */
const OWN_COMMANDS: Record<string, string> = {
  'trackingRequests.track': 'shiptrack track',
};

/** A client whose every member is callable and records the call's path (`containers.customFields().list`). */
function recorder(calls: Set<string>, path: string): unknown {
  return new Proxy(() => undefined, {
    get(_target, key) {
      if (typeof key === 'symbol' || key === 'then') return undefined;
      return recorder(calls, path ? `${path}.${key}` : key);
    },
    apply() {
      calls.add(path);
      return recorder(calls, `${path}()`);
    },
  });
}

/** An option value its spec accepts: its first choice, else "1" (a number parses it too). */
function sample(spec: OptionSpec<unknown>): unknown {
  if (spec.takes === 'flag') return spec.parse(true);
  return spec.parse(spec.choices?.[0] ?? '1');
}

/** The SDK methods one command calls: with its required options, then with every option. */
async function callsOf(operation: Operation): Promise<Set<string>> {
  const calls = new Set<string>();
  const client = recorder(calls, '') as Parameters<Operation['run']>[0];
  // An id as a UUID: a `get` that also takes a number sends an id as it is, without a lookup.
  const args = operation.args.map((arg) =>
    arg.name === 'event' ? 'container.updated' : arg.name === 'id' ? SAMPLE_ID : '1',
  );
  const samples = (specs: [string, OptionSpec<unknown>][]) =>
    Object.fromEntries(
      specs.flatMap(([name, spec]) => {
        try {
          return [[name, sample(spec)]];
        } catch {
          return []; // a spec "1" does not fit (a JSON object, an event list): run without it
        }
      }),
    );
  const specs = Object.entries(operation.options);
  const required = samples(specs.filter(([, spec]) => spec.mandatory));
  const every = samples(specs);
  const call = { format: 'mapped' as const, signal: new AbortController().signal };
  for (const options of [required, every]) {
    // Only the calls matter; what the stand-in answers is not a real result.
    await Promise.resolve()
      .then(() => operation.run(client, args, options, call))
      .catch(() => undefined);
  }
  return calls;
}

/** Every public method of the real client's resources, as `group.method`. */
function sdkMethods(): string[] {
  const client = createClient({ apiKey: 'sk_not_used', rateLimit: false });
  const methods: string[] = [];
  const walk = (value: object, path: string) => {
    for (const [key, member] of Object.entries(value)) {
      if (key !== 'core' && typeof member === 'object' && member !== null)
        walk(member, `${path}${key}.`);
    }
    for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(value))) {
      const member: unknown = Reflect.get(value, name);
      if (name === 'constructor' || typeof member !== 'function') continue;
      if (name === 'customFields' && path !== '') {
        walk(Reflect.apply(member, value, ['id']) as object, `${path}customFields().`);
      } else methods.push(`${path}${name}`);
    }
  };
  walk(client, '');
  return methods;
}

describe('every SDK method has a command', () => {
  it('finds each method of the client and each operation of the spec among the calls of the table', async () => {
    const reached = new Set<string>(Object.keys(OWN_COMMANDS));
    for (const operation of OPERATIONS) {
      for (const call of await callsOf(operation)) reached.add(call);
    }
    const wanted = new Set([...sdkMethods(), ...Object.values(CALL_NAMES)]);
    expect(wanted.size).toBeGreaterThan(80);
    const missing = [...wanted].filter((method) => !reached.has(method)).sort();
    expect(missing, `SDK methods without a command: ${missing.join(', ')}`).toEqual([]);
  });

  it('gives each command its own group and verb', () => {
    const names = OPERATIONS.map((operation) => `${operation.group} ${operation.verb ?? ''}`);
    expect(new Set(names).size).toBe(names.length);
  });
});
