export {
  AppError,
  isAppError,
  coerceError,
  GENERIC_INTERNAL_MESSAGE,
  type AppErrorOptions,
  type ErrorKind,
} from './app-error.ts';
