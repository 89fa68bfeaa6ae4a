/** The period every analytics route takes (all optional): local days, `from` and `to` inclusive, in `tz`. */
import { z } from 'zod';
import { timeZone } from '../http/index.ts';
import { GRANULARITIES } from './rules.ts';
import type { PeriodQuery } from './scope.ts';

export const day = (what: string) => z.iso.date().optional().describe(`${what}, a local day YYYY-MM-DD (inclusive)`);

export const periodFields = {
  from: day('first day (default: 29 days before `to`)'),
  to: day('last day (default: today in the time zone)'),
  tz: timeZone().optional().describe("IANA time zone (default: the brand's, America/Los_Angeles)"),
};

export const chartFields = {
  ...periodFields,
  granularity: z.enum(GRANULARITIES).optional().describe('chart buckets (default: by the range length)'),
};

export type PeriodInput = {
  from?: string;
  to?: string;
  tz?: string;
  granularity?: PeriodQuery['granularity'];
  workflow_id?: number;
};

/** The period of a query, and its workflow_id: one the brand does not have answers 'Flow not found'. */
export const periodOf = (q: PeriodInput): PeriodQuery => ({
  from: q.from,
  to: q.to,
  timezone: q.tz,
  granularity: q.granularity,
  workflowId: q.workflow_id,
});
