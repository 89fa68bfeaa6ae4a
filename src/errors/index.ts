export {
  AppError,
  isAppError,
  coerceError,
  GENERIC_INTERNAL_MESSAGE,
  type AppErrorOptions,
  type ErrorKind,
} from './app-error.ts';
export { maskPhone, maskPhoneNumbers, scrubProviderText, scrubValue, OMITTED } from './redact.ts';
export { validInput } from './input.ts';
