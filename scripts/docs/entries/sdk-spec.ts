/**
 * Facts of the interface specification: the operation table, rate-limit buckets and enumeration values.
 *
 * @module @shiptrack/sdk/spec
 */
export * from '@shiptrack/sdk/spec';
