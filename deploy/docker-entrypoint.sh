#!/bin/sh
# Starts one process of «Магистраль» in the foreground, so SIGTERM reaches it (graceful shutdown).
#   api: the HTTP API (apps/api/dist/server.js): migrates and seeds on start, under a lock shared
#        by every instance on the database; listens on API_HOST:API_PORT.
#   web: the web process (apps/web/server.mjs): pages and /api/* passed to API_INTERNAL_URL;
#        listens on HOST:PORT.
set -eu
case "${1:-api}" in
  api)
    cd /app/apps/api
    exec node dist/server.js
    ;;
  web)
    cd /app/apps/web
    exec node server.mjs
    ;;
  *)
    # Anything else runs as given (e.g. `npm run db:migrate`, `npm run access:review`).
    exec "$@"
    ;;
esac
