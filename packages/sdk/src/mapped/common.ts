import { z } from 'zod';

/** Any mapped resource: `id`, `type` and its camelCased members. */
export const MappedResourceSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
});

/** A mapped resource of any type. */
export type MappedResource = z.infer<typeof MappedResourceSchema>;

/** An optional, nullable string member (timestamps, codes, names). */
export const optionalText = () => z.string().nullable().optional();

/** Id of a to-one relationship: absent when the relationship was not sent, `null` when empty. */
export const relationId = () => z.string().nullable().optional();

/** Ids of a to-many relationship. */
export const relationIds = () => z.array(z.string()).optional();
