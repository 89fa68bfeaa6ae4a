// ESLint flat config for Reclaim.
//
// Besides the recommended rule sets, this file enforces the module boundary
// rule: a domain folder under src/ (src/db, src/cli, ...) is imported from
// outside only through its index.ts. Inside a domain, relative imports of its
// own files (`./store.ts`, `../rules.ts`) are fine.
//
// How the boundary rule works. `no-restricted-imports` only sees the import
// string, not where it points, and in flat config a later block's options for
// a rule replace an earlier block's (they are not merged). So the blocks below
// are generated per (domain, directory depth): a file at depth k under src/
// (src/cli/db.ts has k = 1) reaches the src/ root with exactly k `../`, so
// `^(../){k}db/` can only mean src/db/. Matching the depth exactly keeps a
// nested folder that shares a domain's name (say src/billing/jobs/) and npm
// subpaths (say `firebase/app/...`) from being flagged, which plain `**/db/*`
// globs would do.
import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers of src/, bottom first. Every folder is a domain entered only through its index.ts,
 * and a domain imports only domains listed before it: arrows point down. A wrong arrow fails
 * `npm run check` (README, Architecture, draws the same order).
 */
const LAYERS = [
  'errors',
  'db',
  'app',
  'jobs',
  'http',
  'webhooks',
  'integrations',
  'notifications',
  'contacts',
  'accounts',
  'stores',
  'discounts',
  'messaging',
  'conversations',
  'attribution',
  'workflows',
  'billing',
  'analytics',
  'insights',
  'agent',
  'ads',
  'flows',
  'tui',
  'demo',
  'cli',
];
const DOMAINS = LAYERS;

/** Deepest directory nesting (below src/ or test/) the boundary rule is generated for. */
const MAX_DEPTH = 6;

const TS_FILES = '**/*.{ts,tsx,mts,cts}';
const CODE_EXT = '{ts,tsx,mts,cts,js,mjs}';

/** Path after an allowed entry point: the domain's index (pure-rule tests also get rules*). */
const INDEX = 'index(?:\\.(?:ts|tsx|js))?$';
const RULES = '(?:[^/]*/)*rules[^/]*$';

/** Regex source for a relative prefix that climbs exactly `n` directories (`./` when n = 0). */
const climb = (n) => (n === 0 ? '\\./' : `(?:\\.\\./){${n}}`);

/**
 * no-restricted-imports patterns forbidding, for every domain in `domains`,
 * an import of `<prefix><domain>/<anything but allowed>`.
 */
function boundaryPatterns(domains, prefix, allowed) {
  return domains.map((domain) => ({
    regex: `^${prefix}${domain}/(?!${allowed.join('|')}).+`,
    message: `Import src/${domain} only through its index (src/${domain}/index.ts).`,
  }));
}

/** no-restricted-imports patterns forbidding `domain` any import of a domain above it. */
function layerPatterns(domain, higher, prefix) {
  return higher.map((above) => ({
    regex: `^${prefix}${above}/`,
    message: `src/${domain} may not import src/${above}: ${above} is above ${domain} in the layer order (eslint.config.js LAYERS). Move the work into a flow or the lower domain.`,
  }));
}

/** `<base>/<k directories>/*.<ext>`: files exactly k directories below base. */
const filesAtDepth = (base, k) => `${base}/${'*/'.repeat(k)}*.${CODE_EXT}`;

function boundaryBlocks() {
  const blocks = [];
  const domainDirs = DOMAINS.map((d) => `src/${d}/**`);

  for (let k = 0; k <= MAX_DEPTH; k += 1) {
    // src/ files that are not inside any domain folder (src/main.ts, src/shared/x.ts, ...).
    blocks.push({
      name: `reclaim/boundaries/src-outside-domains/depth-${k}`,
      files: [filesAtDepth('src', k)],
      ignores: domainDirs,
      rules: {
        'no-restricted-imports': ['error', { patterns: boundaryPatterns(DOMAINS, climb(k), [INDEX]) }],
      },
    });

    // Files inside one domain: every other domain is off limits except through its index.
    if (k >= 1) {
      LAYERS.forEach((domain, rank) => {
        const lower = LAYERS.slice(0, rank);
        const higher = LAYERS.slice(rank + 1);
        blocks.push({
          name: `reclaim/boundaries/src-${domain}/depth-${k}`,
          files: [filesAtDepth(`src/${domain}`, k - 1)],
          rules: {
            'no-restricted-imports': [
              'error',
              { patterns: [...boundaryPatterns(lower, climb(k), [INDEX]), ...layerPatterns(domain, higher, climb(k))] },
            ],
          },
        });
      });
    }

    // Tests: domains through their index, except pure-rule modules (src/<domain>/**/rules*).
    // Imports within test/ are never matched (the patterns only cover ../src/<domain>/).
    blocks.push({
      name: `reclaim/boundaries/test/depth-${k}`,
      files: [filesAtDepth('test', k)],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: boundaryPatterns(DOMAINS, `${climb(k + 1)}src/`, [INDEX, RULES]) },
        ],
      },
    });
  }
  return blocks;
}

/**
 * The panel's features never import each other (PANEL.md): a file under
 * web-panel/src/features/<f>/ may import its own feature, lib/ and components/ui/, never another
 * feature. Shared code moves to lib/ or components/ui/. One block per feature and depth (the
 * relative prefix that reaches features/ is fixed by the depth, as for src/ above).
 */
function panelFeatureBlocks() {
  const root = new URL('./web-panel/src/features/', import.meta.url);
  const features = existsSync(root)
    ? readdirSync(root, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];
  const blocks = [];
  for (const feature of features)
    for (let k = 0; k <= 3; k += 1)
      blocks.push({
        name: `reclaim/panel-features/${feature}/depth-${k}`,
        files: [filesAtDepth(`web-panel/src/features/${feature}`, k)],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: [
                {
                  regex: `^${climb(k + 1)}(?!\\.\\./|${feature}/)[^/]+/`,
                  message: `Panel features do not import each other: move what ${feature} needs to lib/ or components/ui/.`,
                },
              ],
            },
          ],
        },
      });
  return blocks;
}

/**
 * The panel's layers (PANEL.md), bottom first: lib/, components/, features/, app/. A folder imports
 * only folders below it: app/ may import features, components and lib; a feature imports
 * components and lib, never app/ (and never another feature, panelFeatureBlocks above); components
 * import lib. Zones are paths, so type-only imports count too. Import cycles are errors as in src/.
 */
const PANEL_SRC = './web-panel/src';
const PANEL_LAYERS = ['lib', 'components', 'features', 'app'];

const panelLayerZones = () =>
  PANEL_LAYERS.slice(0, -1).map((layer, rank) => ({
    target: `${PANEL_SRC}/${layer}`,
    from: PANEL_LAYERS.slice(rank + 1).map((above) => `${PANEL_SRC}/${above}`),
    message: `The panel's ${layer}/ may not import a layer above it (${PANEL_LAYERS.slice(rank + 1).join(', ')}): move the shared code down to ${layer === 'features' ? 'the feature, components/ or lib/' : 'lib/'}.`,
  }));

/**
 * Pure modules of src/ the panel bundles as they are, so the panel and the server compute the same
 * figure with the same code (the composer's SMS count, the rendered message). They import nothing
 * (the block "reclaim/shared-with-panel" below), so the browser bundle pulls in no server code; the
 * panel imports nothing else from src/.
 */
const SHARED_WITH_PANEL = ['messaging/sms-count/rules.ts', 'workflows/render.ts'];

const panelSharedZone = {
  target: PANEL_SRC,
  from: './src',
  except: SHARED_WITH_PANEL.map((file) => `./${file}`),
  message: `The panel imports from src/ only the pure modules shared with it (${SHARED_WITH_PANEL.join(', ')}; eslint.config.js SHARED_WITH_PANEL).`,
};

const unusedVarsOptions = {
  argsIgnorePattern: '^_',
  varsIgnorePattern: '^_',
  caughtErrorsIgnorePattern: '^_',
};

export default defineConfig(
  globalIgnores(
    ['node_modules/', 'dist/', 'web-panel/dist/', '.reclaim/', 'coverage/', 'scratch/', 'migrations/schema.sql'],
    'reclaim/ignores',
  ),

  {
    name: 'reclaim/javascript',
    files: [`**/*.${CODE_EXT}`, '**/*.cjs'],
    extends: [js.configs.recommended],
    rules: {
      'no-unused-vars': ['error', unusedVarsOptions],
    },
  },

  {
    name: 'reclaim/typescript',
    files: [TS_FILES],
    extends: [tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', unusedVarsOptions],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },

  {
    name: 'reclaim/node-globals',
    files: [
      'bin/**/*.{js,mjs,cjs}',
      'scripts/**/*.{js,mjs,cjs,ts}',
      'bench/**/*.{js,mjs,ts}',
      'eslint.config.js',
      '*.{js,mjs,cjs,ts}',
      'src/**/*.{ts,tsx}',
      'test/**/*.{ts,tsx}',
      'migrations/**/*.{js,ts}',
    ],
    languageOptions: { globals: { ...globals.node } },
  },

  {
    name: 'reclaim/browser-globals',
    files: ['web-panel/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },

  {
    name: 'reclaim/max-lines',
    files: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}', 'web-panel/src/**/*.{ts,tsx}'],
    // Generated from /api/openapi.json (npm run panel:types): its length is the API's.
    ignores: ['web-panel/src/lib/api-types.ts'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
    },
  },

  {
    // Import cycles between files. Type-only imports are left out (the rule cannot count them;
    // they are erased at run time), but the layer rule above applies to them like any import.
    // Resolution is Node's, with our explicit .ts extensions.
    name: 'reclaim/no-cycle',
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },

  ...boundaryBlocks(),

  ...panelFeatureBlocks(),

  {
    name: 'reclaim/shared-with-panel',
    files: SHARED_WITH_PANEL.map((file) => `src/${file}`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '.*',
              message: 'A module shared with the panel imports nothing (eslint.config.js SHARED_WITH_PANEL).',
            },
          ],
        },
      ],
    },
  },

  {
    name: 'reclaim/panel-layers',
    files: ['web-panel/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [...panelLayerZones(), panelSharedZone] },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
