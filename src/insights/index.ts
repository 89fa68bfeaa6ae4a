// Insights: the knowledge base (kb/) so far; the insight pipeline joins it here. The knowledge
// base lives in this layer, above workflows and conversations: a card can be made for a workflow
// (source 'flow', flow_id) or from an escalated question, and the agent's answers read it.
export {
  KB_STATUSES,
  KB_SOURCES,
  KB_LIST_LIMIT,
  KB_FALLBACK_SEARCH_LIMIT,
  KB_MIN_WORD_LENGTH,
  KB_MESSAGES,
  searchWords,
  type KbStatus,
  type KbSource,
  type SearchWords,
} from './kb/rules.ts';
export {
  listKbCards,
  listKbCardsInput,
  getKbCard,
  getKbCardInput,
  createKbCard,
  createKbCardInput,
  updateKbCard,
  updateKbCardInput,
  deleteKbCard,
  deleteKbCardInput,
  searchKbCards,
  searchKbCardsInput,
  type KbCard,
  type RankedKbCard,
  type KbSearchResult,
  type ListKbCardsInput,
  type GetKbCardInput,
  type CreateKbCardInput,
  type UpdateKbCardInput,
  type DeleteKbCardInput,
  type SearchKbCardsInput,
} from './kb/service.ts';
