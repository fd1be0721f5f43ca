# PipLens in a container: `docker build -t piplens .`, then see compose.yaml. The runtime stage
# holds the built app and its production dependencies only (no Chromium, no build tools) and runs
# as the unprivileged `node` user. The container's command is what `npm start` runs; ROLE picks
# web, worker or both (README, "Scale-out").

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci
COPY . .
# `npm prune` rewrites package-lock.json (same content, new time), which would make the start script
# take the build for stale and try to rebuild in the runtime image (no sources, no build tools):
# the build's stamp is renewed after it.
RUN npm run build && npm prune --omit=dev && touch dist/.build-stamp

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
# Inputs of the build first and the build last, so the start script finds the build up to date.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/scripts/start.mjs ./scripts/start.mjs
COPY --from=build /app/scripts/lib ./scripts/lib
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# A web instance answers /api/health (200 when it and its database serve); compose.yaml turns the
# check off for workers, which serve no HTTP.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node as PID 1 runs the start script, which passes SIGTERM on to the server (graceful stop).
CMD ["node", "scripts/start.mjs"]
