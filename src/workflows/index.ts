/** Workflows: rules, templates, messages, the workflow use cases, candidate selection and explain. */
export { WORKFLOW_TYPES, workflowState, type WorkflowState } from './rules.ts';
export { WORKFLOW_TEMPLATES, TEMPLATE_KEYS, type WorkflowTemplate } from './templates.ts';
export { renderMessage, messageText, textToBlocks } from './render.ts';
export { workflowIssues, parseRuleText, type WorkflowDraft } from './validation.ts';
export { listRunnableWorkflows, clearFlowEventData } from './store.ts';
export {
  createWorkflow,
  createWorkflowFromTemplate,
  updateWorkflow,
  setWorkflowState,
  deleteWorkflow,
  getWorkflowView,
  listWorkflowViews,
  requireWorkflowScope,
  type WorkflowFields,
  type WorkflowView,
  type WorkflowTransition,
} from './service.ts';
export { selectCandidatesSql } from './candidates/store.ts';
export { runCandidates, type RunCandidatesOptions, type RunCandidatesResult } from './candidates/run.ts';
export {
  decideOutcome,
  decideAll,
  candidateWindow,
  candidateKind,
  inWindow,
  brandSettings,
  provinceOf,
  isTexasCustomer,
  goalState,
  lineItemFacts,
  rulesUseOrderCount,
  CART_WINDOW_MINUTES,
  ORDER_LOOKBACK_EXTRA_MINUTES,
  MAX_ORDER_CANDIDATES,
  MAX_ORDERS_PER_INTEGRATION,
  EVENT_WINDOW_MS,
  RECENTLY_ENGAGED_DAYS,
  DEFAULT_RE_ENGAGE_PERIOD_DAYS,
  type CandidateKind,
  type CandidateFacts,
  type BrandSettings,
} from './candidates/rules.ts';
export { processExternalEvent, EVENT_PROCESSOR_MESSAGES, FLOW_NOT_FOUND } from './candidates/events.ts';
export { explainCandidate, EXPLAIN_NEEDS_ONE, type Explanation, type WorkflowExplanation } from './explain.ts';
export { workflowsApi, workflowSchema, type WorkflowStatsSource } from './api.ts';
export { workflowEditApi, ADMIN_ONLY } from './api-edit.ts';
export { flowsApi } from './api-flows.ts';
export {
  listWorkflowChanges,
  recordWorkflowChange,
  workflowDiff,
  WORKFLOW_CHANGE_ACTIONS,
  type WorkflowChange,
  type WorkflowChangeAction,
} from './audit.ts';
export {
  compileFilter,
  parseFilter,
  filterSchema,
  exclusionOf,
  FAILED_TO_CREATE_FILTER,
  FILTER_NOT_FOUND,
  FILTER_FIELDS,
  EXCLUSION_REASONS,
  EXCLUSION_LABELS,
  RECENTLY_TEXTED_HOURS,
  KEYWORD_CONSENT_SOURCE,
  US_STATES,
  MAX_FILTER_DEPTH,
  MAX_GROUP_RULES,
  MAX_FILTER_CONDITIONS,
  PREVIEW_STATEMENT_TIMEOUT_MS,
  FREEZE_STATEMENT_TIMEOUT_MS,
  SEGMENT_TIMED_OUT,
  type FilterGroup,
  type FilterNode,
  type FilterCondition,
  type ExclusionReason,
} from './segments/rules.ts';
export {
  createSegment,
  listSegments,
  getSegment,
  previewSegment,
  updateSegment,
  deleteSegment,
  segmentUses,
  SEGMENT_IN_USE,
  segmentAudience,
  validFilter,
  PREVIEW_SAMPLE_SIZE,
  type SegmentView,
  type SegmentPreview,
  type AudienceMember,
} from './segments/service.ts';
export {
  createCampaign,
  updateCampaign,
  campaignRecoveredOrders,
  scheduleCampaign,
  cancelCampaign,
  testCampaign,
  getCampaign,
  listCampaigns,
  type CampaignView,
  type CreateCampaignInput,
} from './campaigns/service.ts';
export { startDueRuns, sendRunTexts, type RunStarted, type RunTextsResult } from './campaigns/send.ts';
export { hasUnstartedRecipients } from './campaigns/store.ts';
export {
  PAST_SCHEDULE_WARNING,
  PAST_SCHEDULE_MINUTES,
  SKIP_CAMPAIGN_CANCELLED,
  MAX_CUTOFF_HOURS,
  parseScheduleTime,
  isPastSchedule,
  type CampaignProgress,
} from './campaigns/rules.ts';
export {
  createScheduledFlow,
  getScheduledFlow,
  scheduleFlowRuns,
  checkedCron,
  latestTick,
  INVALID_CRON,
  type ScheduledFlowView,
} from './campaigns/scheduled.ts';
export {
  createTapToTextFlow,
  tapLink,
  applyTapToText,
  checkedKeyword,
  NOW_FLOW_DETERMINED,
  KEYWORD_TAKEN,
  INVALID_KEYWORD,
  NO_TEXTING_NUMBER,
  type TapToTextView,
  type TapToTextOutcome,
} from './tap-to-text.ts';
export { campaignOut, campaignsApi, campaignSchema, CAMPAIGN_ADMIN_ONLY } from './campaigns/api.ts';
export { segmentsApi, SEGMENT_DELETE_ADMIN_ONLY } from './segments/api.ts';
