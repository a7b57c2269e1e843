// Runs worker.bundle.mjs (worker.mjs bundled by esbuild) in workerd through
// miniflare and fails unless the worker's checks passed.
import { Miniflare } from 'miniflare';

const miniflare = new Miniflare({
  modules: true,
  scriptPath: 'worker.bundle.mjs',
  compatibilityDate: '2024-09-23',
  bindings: {
    SHIPTRACK_SMOKE_URL: process.env.SHIPTRACK_SMOKE_URL,
    SHIPTRACK_SMOKE_KEY: process.env.SHIPTRACK_SMOKE_KEY,
  },
});
try {
  const response = await miniflare.dispatchFetch('http://worker.test/');
  const body = await response.text();
  if (response.status !== 200) throw new Error(`worker checks failed: ${body}`);
  console.log('workerd ok');
} finally {
  await miniflare.dispose();
}
