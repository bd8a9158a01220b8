# syntax=docker/dockerfile:1
# The edge: nginx putting auth, messages, the gateways and the web app on one origin. Addresses come
# from the environment (AUTH_ADDRESS, MESSAGES_ADDRESS, GATEWAY_1_ADDRESS, GATEWAY_2_ADDRESS,
# WEB_ADDRESS, EDGE_PORT), filled into the template when the container starts.

FROM nginxinc/nginx-unprivileged:1.27.5-alpine
# Docker's embedded DNS: upstream names are resolved again as containers are recreated.
ENV EDGE_PORT=8080 EDGE_RESOLVER=127.0.0.11 UPSTREAM_RESOLVE=" resolve"
COPY deploy/nginx/templates/edge.conf.template /etc/nginx/templates/default.conf.template
USER 101
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/healthz"]
