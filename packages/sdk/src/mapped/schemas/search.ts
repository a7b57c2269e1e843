/** Schema of a search result (`../search.ts`). */
import { SEARCH_ENTITY_TYPE_VALUES } from '../../generated/enums.js';
import { searchResultSentShape } from '../../generated/mapped-shapes.js';
import type { MappedSearchResult } from '../search.js';
import {
  type Agrees,
  type Assert,
  built,
  declareSchema,
  openEnum,
  resourceSchema,
} from './common.js';

/** Schema of {@link MappedSearchResult}. */
export const MappedSearchResultSchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('search_result', {
    entityType: built(openEnum(SEARCH_ENTITY_TYPE_VALUES)),
    ...searchResultSentShape,
  }),
);

type _SearchAgrees = Assert<Agrees<MappedSearchResult, typeof MappedSearchResultSchema>>;
