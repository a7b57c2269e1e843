/**
 * What shiptrack's servers share to run in production: logs, settings, health and telemetry.
 *
 * @module @shiptrack/ops
 */
export * from '@shiptrack/ops';
