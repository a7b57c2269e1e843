/**
 * The mock with the demo data, reached through `fetch` in memory: the bins' `--mock`.
 *
 * @module @shiptrack/mock-server/embedded
 */
export * from '@shiptrack/mock-server/embedded';
