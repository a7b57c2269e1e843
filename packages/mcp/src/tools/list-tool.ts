import * as z from 'zod';
import { defineTool, type ToolDefinition, type ToolRunContext } from '../core/define-tool.js';
import {
  type FilteredPageRequest,
  FilterReportSchema,
  filteredPage,
  filtersMember,
  PagingSchema,
  type RowFilter,
  renderPaging,
} from '../core/filtered-list.js';
import { lazy } from '../core/lazy.js';
import { table } from '../render/table.js';
import { type SourcedPageRequest, sourcedPage } from '../service/mirror-lists.js';
import { asOfMember, type MirrorLimit, sourceLines } from '../service/mirror-source.js';
import { DEFAULT_PAGE_SIZE, pageInput, pageSizeInput } from './inputs.js';

/** What a list tool's arguments become: its filters and how each source reads a page. */
export interface ListQuery<Item> {
  /** Filters sent to the service and checked on every row (see `filtered-list.ts`). */
  filters: RowFilter<Item>[];
  /** Arguments the mirror cannot answer: given, they send the call to REST. */
  mirrorLimits?: readonly MirrorLimit[];
  /** Reads the page from the mirror, its filters run in its database. */
  fromMirror: SourcedPageRequest<Item>['fromMirror'];
  /** Loads one page of the service's list, the filters sent as `filter[...]`. */
  load: FilteredPageRequest<Item>['load'];
}

/** The rows of a page, and lines the text adds after the paging line. */
export interface ListRows<Row> {
  rows: Row[];
  notes?: string[];
}

/** The paging arguments, read back from a call's arguments (already checked). */
const PagingInput = lazy(() => z.object({ page: pageInput(), page_size: pageSizeInput() }));

/** The paging arguments every list tool takes after its own. */
type Paged<Shape extends z.ZodRawShape> = Shape & {
  page: ReturnType<typeof pageInput>;
  page_size: ReturnType<typeof pageSizeInput>;
};

/** A list tool's output: its rows under `Key`, the paging and the filter report. */
type ListOutput<Key extends string, Row extends z.ZodObject> = z.ZodObject<
  { [K in Key]: z.ZodArray<Row> } & {
    paging: ReturnType<typeof PagingSchema>;
    filters: z.ZodOptional<ReturnType<typeof FilterReportSchema>>;
  }
>;

/** A list tool: what differs between one and the next. */
export interface ListToolDefinition<
  Shape extends z.ZodRawShape,
  Item,
  Row extends z.ZodObject,
  Key extends string,
> {
  name: string;
  title: string;
  description: string;
  /**
   * Makes the tool's own arguments (`page` and `page_size` follow them) and
   * its row; called once, when the tool's schemas are first needed.
   */
  schemas(): { input: Shape; row: Row };
  /** The member of the structured answer that holds the rows. */
  rowsKey: Key;
  /** The text table's columns, and a row's cells in that order. */
  columns: readonly string[];
  cells(row: z.output<Row>): string[];
  query(args: z.output<z.ZodObject<Paged<Shape>>>, context: ToolRunContext): ListQuery<Item>;
  /** The page's items as rows (mapped from REST and the mirror alike). */
  rows(
    items: Item[],
    args: z.output<z.ZodObject<Paged<Shape>>>,
    context: ToolRunContext,
  ): ListRows<z.output<Row>> | Promise<ListRows<z.output<Row>>>;
}

/**
 * Declares a read-only list tool: a page from the mirror when it can answer,
 * else from REST with the filters checked on every row; rows in the
 * structured answer under `rowsKey` with the paging and the filter report;
 * a text table, the paging line, the tool's notes and where the page came from.
 */
export function defineListTool<
  Shape extends z.ZodRawShape,
  Item,
  Row extends z.ZodObject,
  Key extends string,
>(
  definition: ListToolDefinition<Shape, Item, Row, Key>,
): ToolDefinition<z.ZodObject<Paged<Shape>>, ListOutput<Key, Row>> {
  return defineTool({
    name: definition.name,
    title: definition.title,
    description: definition.description,
    schemas: () => {
      const { input, row } = definition.schemas();
      return {
        // Safe: the shape is the tool's own members followed by the two paging members, as Paged says.
        input: z.object(input).extend(PagingInput().shape) as z.ZodObject<Paged<Shape>>,
        // Safe: the object has exactly the members ListOutput names, `rowsKey` being Key.
        output: z.object({
          [definition.rowsKey]: z.array(row),
          paging: PagingSchema(),
          filters: FilterReportSchema().optional(),
        }) as ListOutput<Key, Row>,
      };
    },
    annotations: { readOnlyHint: true },
    async run(args, context) {
      const query = definition.query(args, context);
      const paging = PagingInput().parse(args);
      const page = paging.page ?? 1;
      const pageSize = paging.page_size ?? DEFAULT_PAGE_SIZE;
      const { page: result, source } = await sourcedPage({
        page,
        pageSize,
        source: context.mirror,
        limits: query.mirrorLimits ?? [],
        filters: query.filters.map(({ name, value }) => ({ name, value })),
        fromMirror: query.fromMirror,
        fromRest: () =>
          filteredPage({
            progress: context.progress,
            tool: definition.name,
            page,
            pageSize,
            filters: query.filters,
            load: query.load,
          }),
      });
      const { rows, notes = [] } = await definition.rows(result.rows, args, context);
      const structured = {
        [definition.rowsKey]: rows,
        paging: { ...result.paging, ...asOfMember(source) },
        ...filtersMember(result.filters),
      };
      return {
        // Safe: the rows under `rowsKey`, the paging and the filter report, as the output schema says.
        structured: structured as z.output<ListOutput<Key, Row>>,
        text: [
          table([...definition.columns], rows.map(definition.cells)),
          renderPaging(result.paging, result.filters),
          ...notes,
          ...sourceLines(source, context.now()),
        ].join('\n'),
      };
    },
  });
}
