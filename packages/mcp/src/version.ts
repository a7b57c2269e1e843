/** The server's name in `initialize` and `server/discover`. */
export const SERVER_NAME = 'shiptrack';

/** The package version (kept in step with package.json by a test). */
export const SERVER_VERSION = '0.1.0';
