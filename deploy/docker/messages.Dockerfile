# syntax=docker/dockerfile:1
# The messages service. Build from the repository root: docker build -f deploy/docker/messages.Dockerfile .

FROM node:22.21.1-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc tsconfig.base.json ./
COPY packages/contracts/package.json packages/contracts/
COPY services/common/package.json services/common/
COPY services/messages/package.json services/messages/
RUN npm ci --workspace @chat/contracts --workspace @chat/common --workspace @chat/messages --include-workspace-root
COPY packages/contracts packages/contracts
COPY services/common services/common
COPY services/messages services/messages
RUN npx tsc -b services/messages

FROM node:22.21.1-bookworm-slim
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contracts/package.json packages/contracts/
COPY services/common/package.json services/common/
COPY services/messages/package.json services/messages/
RUN npm ci --omit=dev --workspace @chat/contracts --workspace @chat/common --workspace @chat/messages && npm cache clean --force
COPY --from=build /app/packages/contracts/dist packages/contracts/dist
COPY --from=build /app/services/common/dist services/common/dist
COPY --from=build /app/services/messages/dist services/messages/dist
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "services/messages/dist/main.js"]
