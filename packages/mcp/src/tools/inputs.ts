import type { ContainerInclude } from '@shiptrack/sdk';
import * as z from 'zod';
import { lazy } from '../core/lazy.js';

/** The `id` of a container: its UUID, or its container, bill of lading or booking number. */
export const containerId = lazy(() =>
  z.string().trim().min(1).max(64).describe('Container id, or a container, B/L or booking number'),
);

/** What a container tool's 404 advises. */
export const CONTAINER_FOUND_BY = 'search_container or list_containers';

/** What a container tool can add (`include`): the spec's container includes. */
export const CONTAINER_EXTRAS = [
  'shipment',
  'pod_terminal',
  'transport_events',
] as const satisfies readonly ContainerInclude[];

/** Page number of a list tool. */
export const pageInput = lazy(() => z.number().int().min(1).optional().describe('From 1'));

/** Page size of a list tool: 25 by default to keep answers short. */
export const pageSizeInput = lazy(() =>
  z.number().int().min(1).max(100).optional().describe('Default 25'),
);

/** The default page size of list tools. */
export const DEFAULT_PAGE_SIZE = 25;
