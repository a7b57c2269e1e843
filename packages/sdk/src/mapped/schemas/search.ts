/** Schema of a search result (`../search.ts`). */
import * as z from 'zod';
import { SEARCH_ENTITY_TYPE_VALUES } from '../../generated/enums.js';
import { searchResultSentShape } from '../../generated/mapped-shapes.js';
import type { MappedSearchResult } from '../search.js';
import {
  type Agrees,
  type Assert,
  built,
  declareSchema,
  openEnum,
  resourceMembers,
} from './common.js';

/** Schema of {@link MappedSearchResult}. */
export const MappedSearchResultSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('search_result'),
    entityType: built(openEnum(SEARCH_ENTITY_TYPE_VALUES)),
    ...searchResultSentShape,
  }),
);

type _SearchAgrees = Assert<Agrees<MappedSearchResult, typeof MappedSearchResultSchema>>;
