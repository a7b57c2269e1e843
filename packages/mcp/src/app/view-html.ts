/**
 * The container view's HTML, loaded on first use. It is generated from
 * `view/` by `pnpm generate` into `generated/container-view-html.ts`; the
 * stdio bin builds that module as a file of its own (`container-view.cjs`)
 * and the library as a separate chunk, so a server start never reads it.
 */
let html: Promise<string> | undefined;

/** The self-contained HTML document of the container view (read once per process). */
export function loadContainerViewHtml(): Promise<string> {
  html ??= import('./generated/container-view-html.js').then(
    (module) => module.CONTAINER_VIEW_HTML,
  );
  return html;
}
