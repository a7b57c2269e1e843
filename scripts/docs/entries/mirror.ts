/**
 * The account's tracking data in a database, fed by webhooks.
 *
 * @module @shiptrack/mirror
 */
export * from '@shiptrack/mirror';
