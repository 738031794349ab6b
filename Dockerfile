# syntax=docker/dockerfile:1
# Multi-stage: install and build with dev dependencies, run with production ones as a non-root user.

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci applies them (postinstall): patches to dependencies, each explained in its file.
COPY patches ./patches
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
# Give SESSION_SECRETS and VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY (and DATABASE_URL, REDIS_URL, SMTP_URL, and
# TRUST_PROXY for the proxy in front) at run time, with each brand's payment provider secrets (README):
# production refuses to start without them. The demo brands in sites/ take payments with the built-in
# test provider, which production refuses: mount the real brand files over /app/sites. The image never
# runs the demo (DEMO stays off); behind a CDN or proxy that compresses, set COMPRESSION=off. The support
# console answers only once SUPPORT_HOST names its host; staff accounts: docker exec <container> npm run staff -- add <email> --role admin.
# A brand with direct_debit needs IBAN_KEY (and SMS_URL with the Twilio settings); run the collection daily:
# docker exec <container> npm run direct-debit -- collect. Backups: docker exec <container> npm run backup -- /backups/<name>.
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
# The brand's share picture (/og-image.png) is drawn with text: the slim image has no font for it.
# npm run backup|restore on PostgreSQL run pg_dump, pg_restore and psql of at least the server's major
# version: PostgreSQL 17's, from the PostgreSQL project's Debian repository as Debian's postgresql-common
# sets it up (Debian 12 carries the client of 15 only). See docs/decisions/052-backups-that-restore.md.
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends fonts-dejavu-core ca-certificates postgresql-common \
  && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-client-17 \
  && rm -rf /var/lib/apt/lists/*
# /backups: where a volume for npm run backup goes (a named volume takes this folder's owner).
RUN groupadd --system amora && useradd --system --gid amora --home /app amora \
  && mkdir -p /data /backups && chown amora:amora /data /backups
COPY --from=build --chown=amora:amora /app/node_modules ./node_modules
COPY --from=build --chown=amora:amora /app/build ./build
COPY --chown=amora:amora package.json ./
COPY --chown=amora:amora sites ./sites
COPY --chown=amora:amora locales ./locales
COPY --chown=amora:amora server/db/migrations ./server/db/migrations
USER amora
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "build/server.js"]
