/**
 * `dist/completion.cjs`: what completion needs, read only by
 * `shiptrack completion` and `shiptrack __complete`.
 */

export { containerValues } from './record-values.js';
export { completionScript } from './scripts.js';
