# syntax=docker/dockerfile:1
#
# Reclaim's image: one image for every process (serve-webhooks, worker, the one-off db migrate,
# any CLI command). Its entrypoint is the reclaim binary; the command names the subcommand:
#
#   docker build -t reclaim .
#   docker run --rm --env-file .env reclaim db migrate
#   docker run -d --env-file .env -p 3000:3000 reclaim serve-webhooks
#   docker run -d --env-file .env reclaim worker
#
# compose.yaml runs them together; docs/operators/production.md says what must be set.

ARG NODE_VERSION=20.20

# ---- build: dependencies, the compiled binary (dist/) and the panel (web-panel/dist/) ----------
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# The lock file alone first, so a source change does not download the packages again. Install
# scripts wait for the sources (`prepare` builds from them); `npm rebuild` runs the packages' own.
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm rebuild \
  && npm run build \
  && npm run panel:build \
  && npm prune --omit=dev --ignore-scripts --no-audit --no-fund

# ---- runtime: the built app, owned by root, run by an unprivileged user -------------------------
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    RECLAIM_DATA_DIR=/data \
    PORT=3000
RUN groupadd --system --gid 10001 reclaim \
  && useradd --system --uid 10001 --gid reclaim --home-dir /data --no-create-home reclaim \
  && mkdir -p /data \
  && chown reclaim:reclaim /data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/bin ./bin
COPY --from=build /app/dist ./dist
COPY --from=build /app/migrations ./migrations
COPY --from=build /app/fixtures ./fixtures
COPY --from=build /app/web-panel/dist ./web-panel/dist
USER reclaim
# Ad images (files/) and, with EMAIL_TRANSPORT=outbox, the mail outbox: share it between the
# serve-webhooks processes and back it up with the database.
VOLUME ["/data"]
EXPOSE 3000
# Ready = the HTTP server answers and reaches the database (GET /readyz, 503 when it cannot).
# The worker serves no HTTP: compose.yaml and the systemd units turn this check off for it.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["node", "/app/bin/reclaim.js"]
CMD ["serve-webhooks"]
