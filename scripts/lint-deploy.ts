/**
 * `pnpm lint:deploy`: checks the container recipes. Each deploy/*.Dockerfile
 * with dockerfilelint (from npm: hadolint ships as a binary this project
 * cannot download), and by rule: several stages, a non-root USER, a
 * HEALTHCHECK, exec-form commands. compose.yaml: every build names a
 * Dockerfile that exists, every `depends_on` a service that exists and a
 * condition it can meet (healthy needs a health check).
 *
 *   tsx scripts/lint-deploy.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { composeServices, dockerfiles, readRecipe, root } from './deploy/files.js';

interface LintItem {
  line: number;
  title: string;
  description: string;
}

// dockerfilelint is CommonJS without types: its `run(configDir, text)` gives the findings.
const dockerfilelint = createRequire(import.meta.url)('dockerfilelint') as {
  run(configPath: string, content: string): LintItem[];
};

const problems: string[] = [];
for (const file of dockerfiles()) {
  for (const item of dockerfilelint.run(root, readFileSync(join(root, file), 'utf8'))) {
    problems.push(`${file}:${item.line}: ${item.title}: ${item.description}`);
  }
  const recipe = readRecipe(file);
  if (recipe.stages < 2) problems.push(`${file}: build in one stage and run in another`);
  if (recipe.user === undefined || recipe.user === 'root' || recipe.user === '0') {
    problems.push(`${file}: the final stage must run as a non-root USER`);
  }
  if (recipe.healthcheck === undefined) problems.push(`${file}: no HEALTHCHECK`);
  if (recipe.entrypoint.length === 0) problems.push(`${file}: no ENTRYPOINT`);
}

const services = composeServices();
const names = Object.keys(services);
if (names.length === 0) problems.push('compose.yaml: no services');
for (const [name, service] of Object.entries(services)) {
  if (service.build !== undefined) {
    const dockerfile = join(root, service.build.context, service.build.dockerfile);
    if (!existsSync(dockerfile)) {
      problems.push(`compose.yaml: ${name} builds ${service.build.dockerfile}, which is missing`);
    }
  } else if (service.image === undefined) {
    problems.push(`compose.yaml: ${name} has neither build nor image`);
  }
  for (const [needed, { condition }] of Object.entries(service.depends_on ?? {})) {
    const other = services[needed];
    if (other === undefined) {
      problems.push(`compose.yaml: ${name} depends on ${needed}, which is not a service`);
      continue;
    }
    const checked =
      other.healthcheck !== undefined ||
      (other.build !== undefined && readRecipe(other.build.dockerfile).healthcheck !== undefined);
    if (condition === 'service_healthy' && !checked) {
      problems.push(`compose.yaml: ${name} waits for ${needed} to be healthy; it has no check`);
    }
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(`\n${problems.length} problem(s) in the deployment files`);
  process.exit(1);
}
console.log(
  `lint:deploy: ${dockerfiles().length} Dockerfiles and ${names.length} compose services, no findings`,
);
