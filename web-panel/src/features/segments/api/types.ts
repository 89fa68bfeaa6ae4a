/** Shapes of the segments answers (see /api/openapi.json, tag "segments"). */
export type Combine = 'AND' | 'OR';

/** One condition as the segment compiler reads it (src/workflows/segments/rules.ts). */
export interface Condition {
  field: string;
  op: string;
  value?: number;
  values?: string[];
  days?: number;
  states?: string[];
}

export interface Group {
  condition: Combine;
  rules: Array<Condition | Group>;
}

export const isGroup = (node: Condition | Group): node is Group => 'rules' in node;

export interface SegmentCount {
  segment_id: number | null;
  matching: number;
  reachable: number;
  excluded: Record<string, number>;
  sample: Array<{ contact_id: number; phone: string; given_name: string | null }>;
}

export interface SegmentUse {
  workflow_id: number;
  name: string;
  type: string;
  what: string;
  blocking: boolean;
}

export interface Segment {
  id: number;
  brand_id: number;
  name: string;
  filter: Group;
  created_at: string;
  used_by: SegmentUse[];
}

export interface BuilderField {
  field: string;
  label: string;
  operators: string[];
  /** choices, texts, tags, keywords, days, number, money, states, cart */
  input: string;
  choices: string[];
}

export interface SegmentBuilder {
  fields: BuilderField[];
  states: string[];
  exclusions: Array<{ reason: string; label: string }>;
  recently_texted_hours: number;
  limits: { depth: number; group_rules: number; conditions: number };
  permissions: { role: 'admin' | 'member'; admin_only: string[]; reason: string | null };
}

export const segmentsKey = (brandId: number) => ['brands', brandId, 'segments'] as const;
