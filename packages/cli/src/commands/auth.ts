import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { createClient } from '@shiptrack/sdk';
import { redactUrl, usableBaseUrl } from '../config/base-url.js';
import { readConfig, removeConfig, writeConfig } from '../config/config-file.js';
import { askSecret } from '../config/prompt.js';
import { maskKey } from '../config/settings.js';
import type { Io } from '../context.js';
import { usageError } from '../errors/cli-error.js';
import { withExample } from './register.js';
import { runAction } from './run.js';

/** `login`, `logout` and `config`: where the key comes from. */
export function registerAuthCommands(program: CommandUnknownOpts, io: Io): void {
  const login = program
    .command('login')
    .summary('store an API key, checked with one call')
    .description(
      'Store an API key in the config file (mode 0600), after checking it with one call. Reads it hidden on a terminal, or one line from stdin.',
    );
  withExample(login, 'shiptrack login   # or: printf %s "$KEY" | shiptrack login');
  login.action(() =>
    runAction(login, io, async ({ ctx, signal }) => {
      if (ctx.options.mock)
        throw usageError('login stores a key for the service; --mock needs none.');
      if (ctx.options.apiKey) {
        throw usageError(
          'login reads the key from the prompt or stdin, not from --api-key (which `ps` shows).',
        );
      }
      const apiKey = await askSecret('API key (input hidden): ', io);
      if (!apiKey) throw usageError('No key was entered; nothing was stored.');
      ctx.addSecret(apiKey);
      const settings = await ctx.settings();
      const baseUrl = usableBaseUrl(settings.baseUrl);
      // One call proves the key: a 401 ends here (exit 3) and nothing is stored.
      await createClient({
        apiKey,
        baseUrl,
        maxRetries: ctx.options.maxRetries,
        fetch: ctx.fetch(),
      }).shippingLines.list({
        pageSize: 1,
        signal,
      });
      const path = ctx.configPath();
      const stored = await readConfig(path);
      const keepBaseUrl = settings.baseUrl.source === 'default' ? stored.baseUrl : baseUrl;
      await writeConfig(path, { apiKey, ...(keepBaseUrl ? { baseUrl: keepBaseUrl } : {}) });
      ctx.printer.note(`The key works; stored in ${path} (readable only by you).`);
      ctx.printer.record({ stored: path, baseUrl: keepBaseUrl ?? null, apiKey: maskKey(apiKey) });
      return undefined;
    }),
  );

  const logout = program
    .command('logout')
    .summary('remove the stored API key')
    .description('Remove the config file written by `shiptrack login`.');
  withExample(logout, 'shiptrack logout');
  logout.action(() =>
    runAction(logout, io, async ({ ctx }) => {
      const path = ctx.configPath();
      const removed = await removeConfig(path);
      if (io.env.SVC_API_TOKEN) ctx.printer.note('SVC_API_TOKEN is still set in this shell.');
      ctx.printer.record({ removed, path });
      return undefined;
    }),
  );

  const config = program
    .command('config')
    .summary('the key (masked) and base URL in use, and whence')
    .description('Show the API key (masked) and base URL in use, and where each came from.');
  withExample(config, 'shiptrack config --json');
  config.action(() =>
    runAction(config, io, async ({ ctx }) => {
      const settings = await ctx.settings();
      const key = settings.apiKey;
      if (key.source === 'flag') {
        ctx.printer.warn(
          '--api-key is visible to other users in `ps`; prefer SVC_API_TOKEN or `shiptrack login`.',
        );
      }
      ctx.printer.record({
        apiKey: {
          value: key.value ? maskKey(key.value) : null,
          source: key.source,
          from: key.from,
        },
        baseUrl: {
          ...settings.baseUrl,
          value:
            settings.baseUrl.value === undefined ? undefined : redactUrl(settings.baseUrl.value),
        },
        configFile: ctx.configPath(),
        precedence: 'flag > environment > config file > default',
      });
      if (!key.value) {
        ctx.printer.note(
          'No API key is set: pass --api-key, set SVC_API_TOKEN or run `shiptrack login`.',
        );
      }
      return undefined;
    }),
  );
}
