/**
 * Runs before every test file (vitest `setupFiles`; with `isolate: false` a worker's files share
 * their modules, so a hook registered at the top of a shared module would serve only the first
 * file that imports it). Component tests (happy-dom): unmount what each test rendered.
 */
import { afterEach } from 'vitest';

if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => cleanup());
}
