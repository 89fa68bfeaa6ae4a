/**
 * Ad concepts from the LLM provider of insights (LLM_BASE_URL, LLM_MODEL): the brand knowledge and
 * the campaign in, `count` concepts out, as structured output validated by the same zod schema as
 * the local generator's (the provider's cache makes the same request free for a day). Chosen by
 * conceptGeneratorFor when a model is configured; the local generator otherwise.
 */
import { z } from 'zod';
import type { AppContext } from '../app/index.ts';
import { llmFromConfig, type LlmProvider } from '../insights/index.ts';
import {
  adConceptSchema,
  localConceptGenerator,
  validateConcepts,
  type ConceptGenerator,
  type ConceptRequest,
} from './concepts.ts';

export const AD_CONCEPTS_SCHEMA_NAME = 'ad_concepts';

const answerSchema = z.object({ concepts: z.array(adConceptSchema) });

export const CONCEPTS_SYSTEM_PROMPT = [
  'You write concepts for image ads of an online store, from what its website says about it.',
  'Each concept has a headline (at most 90 characters), a body (at most 280), a call to action (at most 30),',
  'a visual description of the image (at most 400) and its target audience (at most 200).',
  'Use only products, prices and claims the brand knowledge contains; write in the brand’s tone of voice.',
].join(' ');

/** The user message: the knowledge, the campaign, how many concepts and which variant. */
export function conceptsPrompt(request: ConceptRequest): string {
  return [
    `Brand: ${request.brandName}`,
    `Brand knowledge:\n${request.knowledgeText}`,
    request.campaign ? `Campaign: ${request.campaign}` : 'Campaign: none (the brand in general)',
    `Write exactly ${request.count} concept(s), each different from the others.`,
    ...(request.variant > 0 ? [`This is variant ${request.variant}: write new concepts, not the first ones.`] : []),
  ].join('\n\n');
}

export function llmConceptGenerator(provider: LlmProvider): ConceptGenerator {
  return {
    name: `llm:${provider.model}`,
    async generate(request) {
      const { value } = await provider.structured({
        name: AD_CONCEPTS_SCHEMA_NAME,
        schema: answerSchema,
        messages: [
          { role: 'system', content: CONCEPTS_SYSTEM_PROMPT },
          { role: 'user', content: conceptsPrompt(request) },
        ],
      });
      return validateConcepts(value.concepts, request.count, this.name);
    },
  };
}

/** The LLM generator when a model is configured, else the local one. */
export function conceptGeneratorFor(ctx: Pick<AppContext, 'config' | 'logger' | 'db'>): ConceptGenerator {
  const provider = llmFromConfig(ctx);
  return provider ? llmConceptGenerator(provider) : localConceptGenerator;
}
