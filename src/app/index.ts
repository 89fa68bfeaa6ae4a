export {
  loadConfig,
  redactConfig,
  configSchema,
  isEmbedded,
  decodeKey,
  publicBaseUrl,
  SECRET_KEYS,
  DEFAULT_WORKER_STALE_AFTER_SECONDS,
  DEFAULT_WEBHOOK_STUCK_AFTER_SECONDS,
  type Config,
} from './config.ts';
export {
  AppError,
  isAppError,
  coerceError,
  GENERIC_INTERNAL_MESSAGE,
  type AppErrorOptions,
  type ErrorKind,
  maskPhone,
  maskPhoneNumbers,
  scrubProviderText,
  scrubValue,
  validInput,
} from '../errors/index.ts';
export { createLogger, prettyStream, type Logger } from './logger.ts';
export { createStatusLine, stderrStatusLine, type StatusLine } from './status-line.ts';
export { encryptSecret, decryptSecret, isSealed } from './crypto.ts';
export { resolveSecrets, type Secrets } from './secrets.ts';
export {
  listeningUrl,
  recordServer,
  removeServerRecord,
  runningServer,
  serverRecordPath,
  SERVER_RECORD_FILE,
  type ServerRecord,
} from './server-record.ts';
export {
  createContext,
  describeServerUrl,
  type AppContext,
  type Clients,
  type ClientFactories,
  type ContextOptions,
} from './context.ts';
export { isValidTimeZone, localTime, zoneOffsetMs, zonedInstant, type LocalTime } from './time-zones.ts';
export { DAY_RANGE, DAY_RANGE_TEXT, isDayInRange, isTimeInRange } from './dates.ts';
