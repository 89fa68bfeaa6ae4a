/**
 * `GET /files/{token}/{name}`: an ad image from the data dir. The token (24 random base64url
 * characters) is the secret, so the path cannot be guessed; anything that is not such a path, or
 * a file that is not there, answers 404. Images are immutable: cached for a year.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { AppError } from '../app/index.ts';
import { errorBody, type RouteModule } from '../http/index.ts';
import { fileOnDisk, FILES_PREFIX } from './files.ts';

const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

export const adFilesRoutes: RouteModule = (app, ctx) => {
  app.get(`${FILES_PREFIX}/:token/:name`, async (request, reply) => {
    const { token, name } = request.params as { token: string; name: string };
    const file = fileOnDisk(ctx.config, `${FILES_PREFIX}/${token}/${name}`);
    const type = TYPES[name.split('.').pop() ?? ''];
    const info = file && type ? await stat(file).catch(() => undefined) : undefined;
    if (!file || !type || !info?.isFile())
      return reply.status(404).send(errorBody(new AppError('not_found', 'File not found', { code: 'file_not_found' })));
    return reply
      .header('content-type', type)
      .header('content-length', String(info.size))
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(createReadStream(file));
  });
};
