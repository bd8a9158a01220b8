# syntax=docker/dockerfile:1
# The messages service. Build from the repository root: docker build -f deploy/docker/messages.Dockerfile .

# Compiling a library needs the types of every adapter in it (the database library's PGlite
# adapter too), so this stage installs every workspace but the web app's.
FROM node:22.21.1-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc tsconfig.base.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/kernel/package.json packages/kernel/
COPY packages/sessions/package.json packages/sessions/
COPY packages/bus/package.json packages/bus/
COPY packages/presence/package.json packages/presence/
COPY packages/database/package.json packages/database/
COPY packages/blobs/package.json packages/blobs/
COPY packages/media/package.json packages/media/
COPY packages/rate-limits/package.json packages/rate-limits/
COPY services/auth/package.json services/auth/
COPY services/messages/package.json services/messages/
COPY services/gateway/package.json services/gateway/
COPY services/embedded/package.json services/embedded/
RUN npm ci --workspace @chat/contracts --workspace @chat/kernel --workspace @chat/sessions --workspace @chat/bus --workspace @chat/presence --workspace @chat/database --workspace @chat/blobs --workspace @chat/media --workspace @chat/rate-limits --workspace @chat/auth --workspace @chat/messages --workspace @chat/gateway --workspace @chat/embedded --include-workspace-root
COPY packages/contracts packages/contracts
COPY packages/kernel packages/kernel
COPY packages/sessions packages/sessions
COPY packages/bus packages/bus
COPY packages/presence packages/presence
COPY packages/database packages/database
COPY packages/blobs packages/blobs
COPY packages/media packages/media
COPY packages/rate-limits packages/rate-limits
COPY services/messages services/messages
RUN npm run build -- services/messages

# Only the libraries this service imports, and only their runtime dependencies.
FROM node:22.21.1-bookworm-slim
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/kernel/package.json packages/kernel/
COPY packages/sessions/package.json packages/sessions/
COPY packages/bus/package.json packages/bus/
COPY packages/presence/package.json packages/presence/
COPY packages/database/package.json packages/database/
COPY packages/blobs/package.json packages/blobs/
COPY packages/media/package.json packages/media/
COPY packages/rate-limits/package.json packages/rate-limits/
COPY services/messages/package.json services/messages/
RUN npm ci --omit=dev --workspace @chat/contracts --workspace @chat/kernel --workspace @chat/sessions --workspace @chat/bus --workspace @chat/presence --workspace @chat/database --workspace @chat/blobs --workspace @chat/media --workspace @chat/rate-limits --workspace @chat/messages && npm cache clean --force
COPY --from=build /app/packages/contracts/dist packages/contracts/dist
COPY --from=build /app/packages/kernel/dist packages/kernel/dist
COPY --from=build /app/packages/sessions/dist packages/sessions/dist
COPY --from=build /app/packages/bus/dist packages/bus/dist
COPY --from=build /app/packages/presence/dist packages/presence/dist
COPY --from=build /app/packages/database/dist packages/database/dist
COPY --from=build /app/packages/blobs/dist packages/blobs/dist
COPY --from=build /app/packages/media/dist packages/media/dist
COPY --from=build /app/packages/rate-limits/dist packages/rate-limits/dist
COPY --from=build /app/services/messages/dist services/messages/dist
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "services/messages/dist/main.js"]
