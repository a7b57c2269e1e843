#!/usr/bin/env node
// Starts the bundled CLI (dist/cli.cjs), compiled with V8's code cache when one fits this Node:
// the cache lives next to the bundle, one per Node version, written after the first start. It
// spares every later start the parse and compile of half a megabyte; without a usable cache the
// bundle compiles as usual. A committed file, so the bin link exists before the first build.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

const bundle = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli.cjs');
const cacheFile = `${bundle}.${process.version}-${process.arch}.cache`;

function readCache() {
  try {
    return readFileSync(cacheFile);
  } catch {
    return undefined;
  }
}

function writeCache(script) {
  try {
    const scratch = `${cacheFile}.${process.pid}`;
    writeFileSync(scratch, script.createCachedData());
    renameSync(scratch, cacheFile);
  } catch {
    // A read-only install starts without a cache; nothing else changes.
  }
}

const cachedData = readCache();
const script = new Script(Module.wrap(readFileSync(bundle, 'utf8')), {
  filename: bundle,
  cachedData,
});
const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
if (cachedData === undefined || script.cachedDataRejected) setImmediate(() => writeCache(script));
