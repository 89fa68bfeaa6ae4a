/**
 * Ad concepts: headline, body, call to action, visual description and target audience, made from
 * the brand knowledge and the campaign by a ConceptGenerator. The local generator fills templates
 * deterministically (same knowledge, campaign and variant, same concepts). An LLM-backed generator
 * plugs in through the same interface; whatever it returns is validated with `adConceptSchema`.
 */
import { z } from 'zod';
import { AppError } from '../app/index.ts';
import { formatPrice, type BrandKnowledge } from './knowledge.ts';

export const adConceptSchema = z.object({
  headline: z.string().trim().min(1).max(90),
  body: z.string().trim().min(1).max(280),
  call_to_action: z.string().trim().min(1).max(30),
  visual_description: z.string().trim().min(1).max(400),
  target_audience: z.string().trim().min(1).max(200),
});
export type AdConcept = z.infer<typeof adConceptSchema>;

export interface ConceptRequest {
  brandName: string;
  knowledge: BrandKnowledge;
  knowledgeText: string;
  campaign?: string;
  count: number;
  /** Another variant gives other concepts for the same input (regenerate). */
  variant: number;
}

/** What makes concepts. `name` is recorded on the ad ('local', or the LLM provider's name). */
export interface ConceptGenerator {
  readonly name: string;
  generate(request: ConceptRequest): Promise<AdConcept[]>;
}

/** Validates a generator's answer: exactly `count` concepts of the schema's shape. */
export function validateConcepts(raw: unknown, count: number, generator: string): AdConcept[] {
  const parsed = z.array(adConceptSchema).safeParse(raw);
  if (!parsed.success || parsed.data.length < count)
    throw new AppError('upstream', `The ${generator} concept generator gave no usable concepts`, {
      code: 'concepts_invalid',
    });
  return parsed.data.slice(0, count);
}

const HEADLINES = [
  (s: Slots) => (s.campaign ? `${s.campaign}: ${s.product}` : `Meet ${s.product}`),
  (s: Slots) => (s.price ? `${s.product}, just ${s.price}` : `${s.product}, made for you`),
  (s: Slots) => `Why everyone loves ${s.brand}`,
  (s: Slots) => (s.campaign ? `${s.campaign} is here` : `New at ${s.brand}`),
  (s: Slots) => `Your next favourite: ${s.product}`,
  (s: Slots) => `${s.brand}, the ${s.tone} way`,
];
const BODIES = [
  (s: Slots) => `${s.about} Discover ${s.product}${s.price ? ` from ${s.price}` : ''}.`,
  (s: Slots) => `${s.product} from ${s.brand}${s.price ? ` for ${s.price}` : ''}. ${s.campaignLine}`,
  (s: Slots) => `Shoppers keep coming back to ${s.brand} for ${s.product}. ${s.campaignLine}`,
  (s: Slots) => `${s.about} ${s.campaignLine}`,
];
const CTAS: Record<string, string[]> = {
  playful: ['Grab yours', 'Treat yourself', 'Shop the fun'],
  premium: ['Discover more', 'Explore the collection', 'Shop now'],
  conscious: ['Shop responsibly', 'Make the switch', 'Shop now'],
  technical: ['See the specs', 'Shop now', 'Get yours'],
  friendly: ['Shop now', 'Find yours', 'Take a look'],
  straightforward: ['Shop now', 'Buy now', 'Learn more'],
};
const AUDIENCES: Record<string, string> = {
  playful: 'Young, social shoppers who buy on impulse and share what they love',
  premium: 'Discerning shoppers who pay for craft and quality',
  conscious: 'Shoppers who choose brands for their values and materials',
  technical: 'Enthusiasts who compare features before they buy',
  friendly: 'Everyday online shoppers looking for something they will enjoy',
  straightforward: 'Online shoppers comparing options and prices',
};
const SCENES = [
  'the product on a clean backdrop in the brand colour, the headline large above it',
  'a close-up of the product with soft light, the logo in a corner and the call to action as a button',
  'the product in everyday use, warm and natural, the headline over a calm area of the image',
];

interface Slots {
  brand: string;
  product: string;
  price?: string;
  about: string;
  campaign?: string;
  campaignLine: string;
  tone: string;
}

const sentence = (text: string | undefined, max: number): string => {
  const first = (text ?? '').split(/(?<=[.!?])\s/)[0]!.trim();
  const cut = first.length > max ? `${first.slice(0, max - 1).replace(/\s+\S*$/, '')}…` : first;
  return cut && !/[.!?…]$/.test(cut) ? `${cut}.` : cut;
};
const short = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trim()}…` : text);

/** The local generator: templates filled from the knowledge and the campaign. */
export const localConceptGenerator: ConceptGenerator = {
  name: 'local',
  async generate({ brandName, knowledge, campaign, count, variant }) {
    const products =
      knowledge.products.length > 0 ? knowledge.products : [{ name: knowledge.headings[0] ?? brandName }];
    const about = sentence(knowledge.description ?? knowledge.headings.join('. '), 120) || `${brandName} online.`;
    const ctas = CTAS[knowledge.tone.label] ?? CTAS.straightforward!;
    const concepts: AdConcept[] = [];
    for (let i = 0; i < count; i += 1) {
      const k = i + variant * count;
      const product = products[k % products.length]!;
      const price = 'price' in product && product.price ? formatPrice(product) : undefined;
      const slots: Slots = {
        brand: brandName,
        product: short(product.name, 40),
        ...(price ? { price } : {}),
        about,
        ...(campaign ? { campaign: short(campaign, 40) } : {}),
        campaignLine: campaign ? `${short(campaign, 60)}, only at ${brandName}.` : `Only at ${brandName}.`,
        tone: knowledge.tone.label,
      };
      concepts.push({
        headline: short(HEADLINES[k % HEADLINES.length]!(slots), 90),
        body: short(BODIES[(k + variant) % BODIES.length]!(slots).replace(/\s+/g, ' ').trim(), 280),
        call_to_action: ctas[k % ctas.length]!,
        visual_description: short(
          `${SCENES[k % SCENES.length]}; ${product.name}; colours ${knowledge.palette.primary} and ${knowledge.palette.accent}; ${knowledge.tone.label} tone`,
          400,
        ),
        target_audience: AUDIENCES[knowledge.tone.label] ?? AUDIENCES.straightforward!,
      });
    }
    return validateConcepts(concepts, count, 'local');
  },
};
