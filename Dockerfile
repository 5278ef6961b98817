# puzzlemill's image: the compiled CLI (generate, daily, serve, …) on Node 20.
#   docker build -t puzzlemill .
#   docker run --rm puzzlemill generate numbridge --size 9 --count 3 --seed demo
# Stage 1 installs everything and compiles; stage 2 keeps only the production dependencies, the
# compiled code and what it reads at run time, and runs as the image's non-root `node` user.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# the native modules (better-sqlite3, resvg) build or fetch their binaries here
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
# the sources before `npm ci`: its prepare script is the build (tsc into dist/, then the bundled
# entries: src/cli/bundle.mjs, esbuild being a dev dependency), which needs them
COPY package.json package-lock.json tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY workers ./workers
RUN npm ci
RUN test -f dist/lib/index.js && test -d dist/chunks && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY schemas ./schemas
COPY docs ./docs
# files are written where the job mounts its volume (--out /data/…), as the unprivileged user
USER node
# the compiled bin itself is process 1's program: a pod's SIGTERM reaches it, it finishes the
# running batches, writes its manifest and exits 143 (a shell in between would swallow it)
ENTRYPOINT ["node", "/app/dist/cli/puzzlemill.js"]
CMD ["--help"]
