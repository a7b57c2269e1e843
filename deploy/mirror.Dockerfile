# shiptrack-mirror: the webhook receiver (serve), and the same image for
# `sync --interval` and `migrate` (docs/production.md).
# Built from the repository root: docker build -f deploy/mirror.Dockerfile -t shiptrack-mirror .
# Stage 1 builds the workspace and deploys deploy/mirror (the mirror, the SDK
# and OpenTelemetry's SDK, its optional peers) into /app; stage 2 is Node and
# /app only, run as the image's unprivileged `node` user.

FROM node:22-bookworm-slim AS build
ENV CI=true
WORKDIR /src
RUN corepack enable
COPY . .
RUN pnpm install --frozen-lockfile \
 && pnpm build \
 && pnpm --filter @shiptrack/mirror-image deploy --prod --legacy /app

FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    LOG_FORMAT=json \
    SVC_MIRROR_HOST=0.0.0.0 \
    SVC_MIRROR_PORT=8080 \
    SVC_MIRROR_METRICS_HOST=0.0.0.0 \
    SVC_MIRROR_METRICS_PORT=9464 \
    SVC_MIRROR_DRAIN_DELAY_MS=5000
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 8080 9464
# Liveness on the metrics port (readiness, /readyz, is for the load balancer).
# Four probes 15 s apart give the start a minute (dockerfilelint 1.8 misreads
# --start-period, so none is set).
HEALTHCHECK --interval=15s --timeout=5s --retries=4 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.SVC_MIRROR_METRICS_PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "node_modules/@shiptrack/mirror/bin/shiptrack-mirror.cjs"]
CMD ["serve"]
