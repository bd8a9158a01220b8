# syntax=docker/dockerfile:1
# The web app: the Vite build served by nginx as a non-root user, with the SPA fallback and the same
# security headers as the services. Build from the repository root: docker build -f deploy/docker/web.Dockerfile .

FROM node:22.21.1-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contracts/package.json packages/contracts/
COPY web/package.json web/
RUN npm ci --workspace @chat/contracts --workspace @chat/web --include-workspace-root
# The contracts' tsconfig extends the base one: without it the build finds no sources.
COPY tsconfig.base.json ./
COPY packages/contracts packages/contracts
COPY web web
RUN npm run build --workspace @chat/web

FROM nginxinc/nginx-unprivileged:1.27.5-alpine
ENV WEB_PORT=8080 WEB_ROOT=/usr/share/nginx/html
COPY deploy/nginx/templates/web.conf.template /etc/nginx/templates/default.conf.template
COPY --from=build /app/web/dist /usr/share/nginx/html
USER 101
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/"]
