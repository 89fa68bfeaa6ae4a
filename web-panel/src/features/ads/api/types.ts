/** Shapes of the ads answers (see /api/openapi.json, tag "ads"). Image URLs are server-relative. */
export interface AdSummary {
  id: number;
  created_at: string;
  website: string | null;
  campaign: string | null;
  dimensions: string | null;
  renderer: string | null;
  concepts: number;
  files: number;
  cover_url: string | null;
}

export interface AdConcept {
  id: number;
  index: number;
  headline: string;
  body: string;
  call_to_action: string;
  visual_description: string;
  target_audience: string;
  file_id: number | null;
}

export interface AdFile {
  id: number;
  name: string | null;
  type: string | null;
  size: number | null;
  caption: string | null;
  width: number | null;
  height: number | null;
  url: string;
}

export interface Ad extends Omit<AdSummary, 'concepts' | 'files' | 'cover_url'> {
  updated_at: string;
  generator: string | null;
  knowledge_text: string | null;
  concepts: AdConcept[];
  files: AdFile[];
}

export const adsKey = (brandId: number) => ['brands', brandId, 'ads'] as const;
