/**
 * Turns off zod's compiled parsers for the stdio command, before any schema
 * is built (main.ts imports this module first; zod reads the setting when a
 * schema is made). zod compiles each object schema's parser with
 * `new Function` on its first use: code V8's code cache cannot keep, so
 * every start of the command paid for it (about 2 ms of CPU before the
 * `initialize` answer). A stdio server parses a few small messages a
 * second, where zod's interpreted parser is as quick.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
