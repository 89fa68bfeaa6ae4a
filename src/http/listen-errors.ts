/**
 * Why a server could not listen, for the person who chose the port and the address: a port in use,
 * a port that needs privileges, an address this machine does not have. Each message names the
 * setting in play (`--port 8080` or `PORT=8080`, `--host …`) and what to do. Anything else is not
 * the user's to fix and gets undefined (an internal error).
 */

export interface ListenTarget {
  port: number;
  host: string;
  /** Where the port came from: the command's flag or the PORT variable. */
  portFrom: 'flag' | 'env';
  /** Where the address came from: the --host flag or the command's default. */
  hostFrom: 'flag' | 'default';
}

const HOST_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EADDRNOTAVAIL', 'EAFNOSUPPORT', 'EINVAL']);

export function listenProblem(error: unknown, target: ListenTarget): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return undefined;
  const port = target.portFrom === 'flag' ? `--port ${target.port}` : `PORT=${target.port}`;
  const host = target.hostFrom === 'flag' ? `--host ${target.host}` : `the default address ${target.host}`;
  if (code === 'EADDRINUSE')
    return `${port}: that port is already in use on ${target.host}; stop what listens there or choose another port.`;
  if (code === 'EACCES') return `${port}: a port below 1024 needs administrator rights; choose a port from 1024 up.`;
  if (HOST_CODES.has(code))
    return `${host}: not an address of this machine; use 0.0.0.0 (every address), 127.0.0.1 (this machine only) or one of its own addresses.`;
  return undefined;
}
