# One image per service: docker build --build-arg SERVICE=gateway -t yield-vault/gateway .
# SERVICE is one of gateway, indexer, watcher, webhook-worker. The runtime image holds only that service and its
# production dependencies (pnpm deploy), runs as the unprivileged `node` user, and runs the sources with tsx loaded
# into node itself: the tsx CLI would stand between Kubernetes' SIGTERM and the service, and kills a child that
# does not acknowledge the signal within 30 ms, so a busy service would be killed instead of draining.
FROM node:20-bookworm-slim AS build
RUN npm install -g pnpm@9.15.9
WORKDIR /repo
COPY . .
RUN pnpm install --frozen-lockfile
ARG SERVICE
RUN test -n "$SERVICE" && pnpm --filter "$SERVICE" deploy --prod /out

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=node:node /out .
USER node
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "src/main.ts"]
