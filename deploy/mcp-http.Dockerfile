# shiptrack-mcp-http: the self-hosted MCP endpoint (docs/production.md).
# Built from the repository root: docker build -f deploy/mcp-http.Dockerfile -t shiptrack-mcp-http .
# Stage 1 builds the workspace and deploys the package with its production
# dependencies (OpenTelemetry's SDK among them) into /app; stage 2 is Node and
# /app only, run as the image's unprivileged `node` user.

FROM node:22-bookworm-slim AS build
ENV CI=true
WORKDIR /src
RUN corepack enable
COPY . .
RUN pnpm install --frozen-lockfile \
 && pnpm build \
 && pnpm --filter @shiptrack/mcp-http deploy --prod --legacy /app

FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    LOG_FORMAT=json \
    SVC_MCP_HOST=0.0.0.0 \
    SVC_MCP_PORT=3000 \
    SVC_MCP_METRICS_HOST=0.0.0.0 \
    SVC_MCP_METRICS_PORT=9464 \
    SVC_MCP_DRAIN_DELAY_MS=5000
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 3000 9464
# Liveness on the metrics port (readiness, /readyz, is for the load balancer).
# Four probes 15 s apart give the start a minute (dockerfilelint 1.8 misreads
# --start-period, so none is set).
HEALTHCHECK --interval=15s --timeout=5s --retries=4 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.SVC_MCP_METRICS_PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "bin/shiptrack-mcp-http.cjs"]
