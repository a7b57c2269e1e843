import { describe, expect, it } from 'vitest';
import { loadMirrorModule, MirrorNotInstalledError } from './mirror.js';

describe('loadMirrorModule', () => {
  it('loads the installed @shiptrack/mirror', async () => {
    const module = await loadMirrorModule();
    expect(typeof module.createMirror).toBe('function');
  });

  it('says how to install a mirror package that is not installed', async () => {
    const loading = loadMirrorModule('@shiptrack/not-installed');
    await expect(loading).rejects.toBeInstanceOf(MirrorNotInstalledError);
    await expect(loading).rejects.toThrow(
      /npm install @shiptrack\/not-installed\).*--package @shiptrack\/not-installed shiptrack-mcp --mirror/,
    );
  });
});
