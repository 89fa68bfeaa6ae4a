/**
 * The SMS counting and message rendering the server uses, bundled as they are (eslint.config.js
 * SHARED_WITH_PANEL): the composer's estimate and the segments the send path records agree.
 */
export {
  countSms,
  replaceCharacter,
  replaceAllReplaceable,
  GSM7_SINGLE,
  UCS2_SINGLE,
  type SmsCount,
  type UnicodeCharacter,
} from '../../../src/messaging/sms-count/rules.ts';
export { renderMessage, hasOptOutLine, OPT_OUT_LINE, PLACEHOLDERS } from '../../../src/workflows/render.ts';
