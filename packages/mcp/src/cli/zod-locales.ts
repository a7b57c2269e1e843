/**
 * Stands in for zod's bundle of every locale in the bundled bin only (see
 * tsup.config.ts): zod configures English messages from its own `en`
 * module, and nothing here reads `z.locales`, so the other locales (about
 * 260 kB) stay out of the file that `npx` starts.
 */
export {};
