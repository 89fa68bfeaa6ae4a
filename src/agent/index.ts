// The shopper agent: decisions on shopper texts (answer from published KB cards, escalate, stay
// silent, leave to a person), the grounding validator, the modes and the takeover.
export {
  AGENT_MODES,
  DECISIONS,
  REASONS,
  ANSWER_THRESHOLD,
  DEFAULT_SETTINGS,
  SUGGESTED_DISCLOSURE,
  SUGGESTED_HOLDING_REPLY,
  type AgentMode,
  type DecisionKind,
} from './rules.ts';
export { validateAnswer, factsOf, type Fact, type Validation } from './validate.ts';
export { think, type DecideOptions, type Thought, type ThinkInput } from './decide.ts';
export { decideQueued, decideText, decideTexts, type TextOutcome } from './decide-texts.ts';
export { AGENT_SYSTEM_PROMPT } from './model.ts';
export {
  getAgentSettings,
  updateAgentSettings,
  updateAgentSettingsInput,
  listAgentDecisions,
  listAgentDecisionsInput,
  explainDecision,
  runAgent,
  handBackConversation,
  AGENT_MESSAGES,
  type AgentSettings,
  type DecisionView,
} from './service.ts';
export { agentApi } from './api.ts';
export { agentReviewApi } from './api-review.ts';
export {
  answerEscalation,
  conversationAgent,
  listWrongAnswers,
  markAnswerWrong,
  reviewDraft,
  REVIEW_MESSAGES,
  type ConversationAgent,
  type ReviewedDecision,
} from './review.ts';
export { importStoreFacts, sectionsOf, FACT_PAGE_TITLES, type FactPageResult } from './facts.ts';
export { applyDiscountRule, asksForDiscount, discountReply, type DiscountOffer } from './discount.ts';
export type { Decision } from './rules.ts';
export {
  accountFor,
  cardReading,
  editDistance,
  intentMass,
  questionIntents,
  sameWord,
  trigramSimilarity,
  type QuestionWord,
} from './match.ts';
export { askingPart, otherSideOfAmount, sentencesMissed, smallTalkWords } from './sentences.ts';
export {
  confidenceOf,
  FEATURES,
  MATCHER,
  pairFeatures,
  strict,
  trainLogistic,
  probabilityOf,
  type MatcherModel,
} from './matcher.ts';
export {
  cardCoversPlace,
  countryOf,
  inEnglish,
  isCommonWord,
  SEARCH_STEMS,
  searchLexemesOf,
  searchTargets,
} from './words.ts';
export {
  cardPairs,
  pairsOf,
  questionOf,
  rankCards,
  rankCardsOf,
  rankedOf,
  RETRIEVE_LIMIT,
  type Question,
} from './rank.ts';
