/**
 * The panel's API types are generated from /api/openapi.json (scripts/panel-api-types.ts): the
 * checked-in file must be what the current API generates, so a changed schema fails here until
 * `npm run panel:types` is run and its result committed.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { API_TYPES_FILE, apiDocument, panelApiTypes } from '../../web-panel/api-types.ts';

describe('the panel API types', () => {
  test('web-panel/src/lib/api-types.ts is current with the OpenAPI document', async () => {
    const generated = await panelApiTypes();
    expect(generated === readFileSync(API_TYPES_FILE, 'utf8'), 'run `npm run panel:types` and commit the file').toBe(
      true,
    );
  }, 120_000);

  test('the types carry every path of the document, with the answer shapes the panel reads', async () => {
    const document = apiDocument() as { paths: Record<string, unknown> };
    const file = readFileSync(API_TYPES_FILE, 'utf8');
    for (const path of Object.keys(document.paths)) expect(file, path).toContain(`'${path}': {`);
    // One shape the inbox reads, as the API declares it.
    expect(file).toMatch(/is_unread: boolean;/);
  });
});
