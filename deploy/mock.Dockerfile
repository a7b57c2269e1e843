# shiptrack-mock: the mock service, for trying the stack of compose.yaml
# without an account. Never expose it publicly.
# Built from the repository root: docker build -f deploy/mock.Dockerfile -t shiptrack-mock .

FROM node:22-bookworm-slim AS build
ENV CI=true
WORKDIR /src
RUN corepack enable
COPY . .
RUN pnpm install --frozen-lockfile \
 && pnpm build \
 && pnpm --filter @shiptrack/mock-server deploy --prod --legacy /app

FROM node:22-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 4010
# Alive when it answers at all (401 without a key). Four probes 15 s apart
# give the start a minute.
HEALTHCHECK --interval=15s --timeout=5s --retries=4 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:4010/v2/containers').then(() => process.exit(0), () => process.exit(1))"]
ENTRYPOINT ["node", "bin/shiptrack-mock.cjs"]
CMD ["--host", "0.0.0.0", "--port", "4010"]
