# In MinIO's place where its image cannot be had (no registry answers, and neither Debian nor npm
# ships its server): s3rver, the S3 API the local cluster and the tests use. docker-compose.s3rver.yml
# builds it and says how it runs (port 9000, the media bucket, its files in /data).
FROM node:22.21.1-bookworm-slim
RUN npm install --global --no-audit --no-fund s3rver@3.7.1 && npm cache clean --force && mkdir /data && chown node:node /data
USER node
EXPOSE 9000
