/**
 * The panel's API types, generated from the brand API's OpenAPI document (what `/api/openapi.json`
 * answers: the same zod schemas that validate the routes) by openapi-typescript, formatted like the
 * rest of the code. scripts/panel-api-types.ts writes the result to web-panel/src/lib/api-types.ts.
 */
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import prettier from 'prettier';
import { API_ROUTES } from '../src/cli/index.ts';
import { API_INFO, apiRouteList, openApiDocument } from '../src/http/index.ts';

export const API_TYPES_FILE = fileURLToPath(new URL('./src/lib/api-types.ts', import.meta.url));

const HEADER = `/**
 * The brand API's types, generated from /api/openapi.json by openapi-typescript: do not edit.
 * Run \`npm run panel:types\` after changing an API route's schema (\`npm run check\` fails until
 * this file is current). Read them through web-panel/src/lib/api.ts (ApiAnswer, ApiBody).
 */
`;

/** The document `GET /api/openapi.json` answers. */
export function apiDocument(): Record<string, unknown> {
  return openApiDocument(apiRouteList({ routes: API_ROUTES }), API_INFO);
}

/** The file's content: the generated types, prettier-formatted with the project's settings. */
export async function panelApiTypes(): Promise<string> {
  const ast = await openapiTS(apiDocument() as never, { alphabetize: true, exportType: true });
  const options = (await prettier.resolveConfig(API_TYPES_FILE)) ?? {};
  return prettier.format(HEADER + astToString(ast), { ...options, filepath: API_TYPES_FILE });
}
