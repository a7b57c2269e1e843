/**
 * shiptrack's workflows as Agent Skills over the Skills extension
 * (`io.modelcontextprotocol/skills`): `skills/list`, `skills/get` and the
 * `skill://<name>/<file>` resources. The skills are the package's own
 * `skills/<name>/SKILL.md` folders, the same files agents that read skills
 * from disk are pointed at; they are read on the first skills request, so a
 * server that is never asked for one never touches them.
 *
 * This file sits directly in `src/` because the folder is found relative to
 * it: `../skills/` from `src/` and from the bundles in `dist/` alike.
 * `node:fs/promises` loads on that first read too (`core/builtin.ts`).
 */
import { fileURLToPath } from 'node:url';
import {
  type Skill,
  type SkillSource,
  SkillsExtension,
  skillEntry,
} from '@modelcontextprotocol/server/ext/skills';
import { builtin } from './core/builtin.js';
import { RELEASE_CACHE_HINT } from './core/cache-hints.js';
import { namesOnly } from './tools/named-tools.js';

/** One packaged skill: its entry and its files' text by `skill://` URI. */
interface PackagedSkill {
  readonly entry: Skill;
  readonly files: ReadonlyMap<string, string>;
}

/** The package's `skills/` folder (resolved when first read: the CommonJS build sets `import.meta.url` by shim). */
function packagedSkillsRoot(): string {
  return fileURLToPath(new URL('../skills/', import.meta.url));
}

/** Every file under `dir`, as `/`-separated paths relative to `root`. */
async function filesUnder(root: string, dir = ''): Promise<string[]> {
  const { readdir } = builtin('node:fs/promises');
  const entries = await readdir(`${root}/${dir}`, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      return entry.isDirectory() ? filesUnder(root, path) : Promise.resolve([path]);
    }),
  );
  return nested.flat().sort();
}

/** Reads one skill folder into its entry (digests, sizes, frontmatter) and its files. */
async function packagedSkill(root: string, name: string): Promise<PackagedSkill> {
  const paths = await filesUnder(`${root}/${name}`);
  const { readFile } = builtin('node:fs/promises');
  const texts = await Promise.all(paths.map((path) => readFile(`${root}/${name}/${path}`, 'utf8')));
  const record = Object.fromEntries(paths.map((path, index) => [path, texts[index] ?? '']));
  const entry = await skillEntry(name, record);
  const files = new Map(paths.map((path) => [`skill://${name}/${path}`, record[path] ?? '']));
  return { entry, files };
}

/** Reads every skill folder under `root`, sorted by name. */
export async function readPackagedSkills(root = packagedSkillsRoot()): Promise<PackagedSkill[]> {
  const { readdir } = builtin('node:fs/promises');
  const folders = (await readdir(root, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(folders.map((name) => packagedSkill(root, name)));
}

let loaded: Promise<PackagedSkill[]> | undefined;

/** The packaged skills, read once in a process, on first use. */
function loadedSkills(): Promise<PackagedSkill[]> {
  loaded ??= readPackagedSkills();
  return loaded;
}

/**
 * A {@link SkillSource} over the packaged skills a server that serves the
 * tools `served` offers: those that name only tools it serves (a skill that
 * says to call a tool the server does not have would mislead).
 */
function packagedSkillSource(served: ReadonlySet<string>): SkillSource {
  const skills = async () =>
    (await loadedSkills()).filter((skill) =>
      namesOnly([...skill.files.values()].join('\n'), served),
    );
  return {
    list: async () => ({ skills: (await skills()).map((skill) => skill.entry) }),
    get: async (uri) => (await skills()).find((skill) => skill.entry.uri === uri)?.entry,
    // Each SKILL.md in resources/list too, named and described by its frontmatter.
    listResources: async () =>
      (await skills()).map(({ entry }) => ({
        uri: entry.uri,
        name: entry.frontmatter.name,
        description: entry.frontmatter.description,
        mimeType: 'text/markdown',
      })),
    read: async (uri) => {
      for (const skill of await skills()) {
        const text = skill.files.get(uri);
        if (text !== undefined) return { text, mimeType: 'text/markdown' };
      }
      return undefined;
    },
  };
}

/** The Skills extension of each set of tools served (a process serves one or a few). */
const extensions = new Map<string, SkillsExtension>();

/**
 * The Skills extension over the packaged skills a server that serves the
 * tools `served` offers, made once per set in a process; every server of
 * that set attaches it.
 */
export function shiptrackSkills(served: ReadonlySet<string>): SkillsExtension {
  const key = [...served].sort().join(',');
  let extension = extensions.get(key);
  if (extension === undefined) {
    extension = new SkillsExtension({
      source: packagedSkillSource(served),
      cacheHint: RELEASE_CACHE_HINT,
    });
    extensions.set(key, extension);
  }
  return extension;
}
