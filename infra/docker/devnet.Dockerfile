# The local chain 999 with the vault deployed, the keeper simulator and the HLP/bridge fixtures (pnpm devnet).
FROM node:20-bookworm-slim
RUN npm install -g pnpm@9.15.9
WORKDIR /repo
COPY . .
RUN pnpm install --frozen-lockfile
EXPOSE 8545 8546
CMD ["pnpm", "devnet"]
