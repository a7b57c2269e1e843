/** The URI scheme of this server's resources. */
const SCHEME = 'service:';

/** The URI template of the container resource. */
export const CONTAINER_URI_TEMPLATE = 'service://container/{id}';

/** The URI of the milestone glossary resource. */
export const GLOSSARY_URI = 'service://docs/milestone-glossary';

/**
 * The resource URI of a container, `service://container/{id}`: the one place
 * this URI is built, for resource links, prompts and the resource itself.
 */
export function containerResourceUri(id: string): string {
  return `${SCHEME}//container/${encodeURIComponent(id)}`;
}
