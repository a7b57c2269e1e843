/**
 * The launcher of every bin, built into each package's `dist/launch.cjs` by
 * the tsup base (`tsup-base.ts`); the package's committed `bin/*.cjs` only
 * requires it, and says what to run when the build is missing.
 *
 * A CommonJS command bundle (`dist/cli.cjs`: `shiptrack`, `shiptrack-mcp`) is
 * compiled with V8's code cache when one fits this Node: the cache lives next
 * to the bundle, one per Node version, written when the first run exits, so
 * it holds every function that run compiled, not only the bundle's top
 * level. It spares every later start the parse and compile of the bundle;
 * without a usable cache the bundle compiles as usual. CommonJS, as Node
 * starts a CommonJS entry without its ES module loader (about 9 ms of a
 * start). An ES module command (`dist/cli.js`) is imported as it is.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire, wrap } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';

/** Reads the code cache, if this Node has written one. */
function readCache(cacheFile: string): Buffer | undefined {
  try {
    return readFileSync(cacheFile);
  } catch {
    return undefined;
  }
}

/** Writes the code cache through a scratch file, so that no reader sees half of one. */
function writeCache(script: Script, cacheFile: string): void {
  try {
    const scratch = `${cacheFile}.${process.pid}`;
    writeFileSync(scratch, script.createCachedData());
    renameSync(scratch, cacheFile);
  } catch {
    // A read-only install starts without a cache; nothing else changes.
  }
}

/** Runs a CommonJS bundle as Node would, but compiled with the code cache. */
function runWithCodeCache(bundle: string): void {
  const cacheFile = `${bundle}.${process.version}-${process.arch}.cache`;
  const cachedData = readCache(cacheFile);
  // Read as latin1: the bundle is ASCII (esbuild's default charset escapes the rest, and
  // `launched-bundles.test.ts` holds it), and latin1 copies the bytes where UTF-8 would
  // check them (0.5 ms of an 800 kB start).
  const script = new Script(wrap(readFileSync(bundle, 'latin1')), { filename: bundle, cachedData });
  const bundleModule = { exports: {} };
  script.runInThisContext()(
    bundleModule.exports,
    createRequire(bundle),
    bundleModule,
    bundle,
    __dirname,
  );
  if (cachedData === undefined || script.cachedDataRejected) {
    // A first cache at once, in case this run never exits normally; the fuller one at exit.
    setImmediate(() => writeCache(script, cacheFile));
    process.once('exit', () => writeCache(script, cacheFile));
  }
}

const commonJsBundle = join(__dirname, 'cli.cjs');
if (existsSync(commonJsBundle)) runWithCodeCache(commonJsBundle);
else void import(pathToFileURL(join(__dirname, 'cli.js')).href);
