# Build on Debian 12, run on a slim Debian 12: one static-ish binary, a non-root user.
FROM debian:12 AS build
RUN apt-get update && apt-get install -y --no-install-recommends \
      cmake ninja-build g++ libboost1.81-dev rapidjson-dev libssl-dev zlib1g-dev libzstd-dev ca-certificates \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY CMakeLists.txt ./
COPY cmake cmake
COPY model model
COPY vector vector
COPY expressions expressions
COPY engine engine
COPY partiql partiql
COPY requests requests
COPY persist persist
COPY auth auth
COPY s3local s3local
COPY transfer transfer
COPY api api
COPY dataapi dataapi
COPY console console
COPY server server
RUN cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DMINNOW_TESTS=OFF \
    && ninja -C build minnow && strip build/minnow

FROM debian:12-slim
# curl, and bash as /bin/sh, as DynamoDB Local's image has them: compose files written for it
# check its health with curl in shell-form tests that use bash's `[ ... == ... ]`.
RUN apt-get update && apt-get install -y --no-install-recommends libssl3 libzstd1 curl \
    && rm -rf /var/lib/apt/lists/* \
    && ln -sf bash /bin/sh \
    && useradd --system --uid 10001 --no-create-home minnow \
    && mkdir /data && chown minnow:minnow /data
COPY --from=build /src/build/minnow /usr/local/bin/minnow
USER minnow
# For -dbPath /data: a named volume mounted on /data starts out owned by minnow (no VOLUME
# line, so that in-memory containers leave no anonymous volumes behind).
# MINNOW_COMPAT: DynamoDB Local's start-up contract (GET / answers 400, its start-up lines), which
# harnesses written for its image wait for, whatever command a compose file gives.
ENV MINNOW_IN_DOCKER=1 MINNOW_ADDRESS_FILE=/tmp/minnow.address MINNOW_COMPAT=dynamodb-local
EXPOSE 8000
# `minnow health` asks the address the server wrote, so that the check follows -port / --port.
HEALTHCHECK --interval=5s --timeout=2s --retries=3 CMD ["/usr/local/bin/minnow", "health"]
ENTRYPOINT ["/usr/local/bin/minnow"]
CMD ["--port", "8000"]
