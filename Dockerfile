# Minnow's image: one static binary FROM scratch (about 12 MB), built on Debian 12. The build
# stage runs scripts/image, which the project's checks run too (and build the image with podman).
FROM debian:12 AS build
RUN apt-get update && apt-get install -y --no-install-recommends \
      cmake ninja-build g++ clang lld libboost1.81-dev rapidjson-dev libssl-dev zlib1g-dev libzstd-dev busybox-static \
      ca-certificates \
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
COPY replication replication
COPY auth auth
COPY s3local s3local
COPY transfer transfer
COPY api api
COPY dataapi dataapi
COPY console console
COPY server server
COPY scripts/image scripts/image
RUN scripts/image --rootfs build/image

FROM scratch
# minnow; java and curl, links to it; busybox as /bin/sh; /tmp, /data and /home/dynamodblocal
# writable by the image's user (scripts/image).
COPY --from=build /src/build/image/rootfs/ /
# MINNOW_COMPAT: DynamoDB Local's start-up contract (GET / answers 400, its start-up lines), which
# harnesses written for its image wait for, whatever command a compose file gives.
ENV PATH=/usr/local/bin:/usr/bin:/bin MINNOW_IN_DOCKER=1 MINNOW_ADDRESS_FILE=/tmp/minnow.address MINNOW_COMPAT=dynamodb-local
USER 10001:10001
# DynamoDB Local's working directory: compose files give -dbPath ./data with a volume there.
WORKDIR /home/dynamodblocal
EXPOSE 8000
# `minnow health` asks the address the server wrote, so that the check follows -port / --port.
HEALTHCHECK --interval=5s --timeout=2s --retries=3 CMD ["/usr/local/bin/minnow", "health"]
ENTRYPOINT ["/usr/local/bin/minnow"]
CMD ["--port", "8000"]
