// zod's locales, as bundled: English only (its default; Reclaim never configures another).
export { default as en } from '../node_modules/zod/v4/locales/en.js';
