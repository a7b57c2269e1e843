/** What resolving a JSON:API document makes, and how a mapped model shapes it. */

/**
 * A resource with its attributes lifted to the top level and camelCased,
 * plus, for each relationship `foo`: `fooId` (to-one, `null` when empty) or
 * `fooIds` (to-many), and `foo` itself when the related resource was in the
 * document. Resource `links` and `meta` are kept as they are.
 */
export interface ResolvedResource {
  id: string;
  type: string;
  [key: string]: unknown;
}

/**
 * Shapes the resources of one type while they are resolved (the mapped
 * models use it): `head` writes members first, reading the raw attributes
 * by their wire names; the attributes named in `consumed` are then not copied
 * again. Every other attribute and relationship is added as usual, except
 * that the head's members take precedence: an attribute whose camelCased
 * name the head wrote is kept as `<name>Attribute` (as `id` and `type`
 * attributes are), a relationship as `<name>Relationship`. The head writes
 * the same members, in the same order, for every resource of its type
 * (nodes of a type share one layout).
 */
export interface ResourceShape {
  /** Writes the first members; `attributes` are the raw ones, by wire name. */
  head(node: ResolvedResource, attributes: Record<string, unknown>): void;
  consumed: ReadonlySet<string>;
}
