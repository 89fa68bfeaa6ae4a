/** Ads: brand knowledge from a website, concepts, images (local or the automation service), the brand API. */
export {
  generateAd,
  getAd,
  regenerateConcept,
  AD_NOT_FOUND,
  type GenerateAdOptions,
  type GeneratedAd,
  type AdPhase,
} from './service.ts';
export { listAds, type AdView, type AdSummary, type ConceptView, type FileView } from './view.ts';
export {
  adConceptSchema,
  localConceptGenerator,
  validateConcepts,
  type AdConcept,
  type ConceptGenerator,
  type ConceptRequest,
} from './concepts.ts';
export { conceptGeneratorFor, conceptsPrompt, llmConceptGenerator, CONCEPTS_SYSTEM_PROMPT } from './llm-concepts.ts';
export { adsApi, AD_SIZES } from './api.ts';
export { startAdJob, adJob, AD_JOB_NOT_FOUND, TOO_MANY_AD_JOBS, type AdJob } from './jobs.ts';
export { adFilesRoutes } from './routes.ts';
export { scrapeWebsite, USER_AGENT as AD_SCRAPER_USER_AGENT, type ScrapeResult } from './scrape.ts';
export { renderAd } from './render.ts';
export { knowledgeText, type BrandKnowledge } from './knowledge.ts';
export {
  DEFAULT_CONCEPTS,
  DEFAULT_DIMENSIONS,
  MAX_CONCEPTS,
  MAX_PAGES,
  parseDimensions,
  ROBOTS_TOKEN,
} from './rules.ts';
