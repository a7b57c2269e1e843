/**
 * The `serve | sync | status` commands of `shiptrack-mirror` as a function.
 *
 * @module @shiptrack/mirror/commands
 */
export * from '@shiptrack/mirror/commands';
