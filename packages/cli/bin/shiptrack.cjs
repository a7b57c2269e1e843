#!/usr/bin/env node
// Starts the bundled CLI (dist/cli.cjs), compiled with V8's code cache when one fits this
// Node: the cache lives next to the bundle, one per Node version, written when the first run
// exits, so it holds every function that run compiled, not only the bundle's top level. It
// spares every later start the parse and compile of the bundle; without a usable cache the
// bundle compiles as usual. CommonJS, as Node starts a CommonJS entry without its ES module
// loader (about 9 ms of a start). A committed file, so the bin link exists before the build.
'use strict';
const { readFileSync, renameSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { join } = require('node:path');
const { Script } = require('node:vm');

const dist = join(__dirname, '..', 'dist');
const bundle = join(dist, 'cli.cjs');
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
const bundleModule = { exports: {} };
script.runInThisContext()(
  bundleModule.exports,
  Module.createRequire(bundle),
  bundleModule,
  bundle,
  dist,
);
if (cachedData === undefined || script.cachedDataRejected) {
  // A first cache at once, in case this run never exits normally; the fuller one at exit.
  setImmediate(() => writeCache(script));
  process.once('exit', () => writeCache(script));
}
