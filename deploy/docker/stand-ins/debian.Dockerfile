# Stands in for debian:<version>-slim where no registry answers: the same Debian 12 minimal system
# (mmdebstrap's minbase, which every stand-in starts from).
ARG BASE
FROM ${BASE}
LABEL io.chat-io.stand-in.is="Debian 12 (mmdebstrap minbase)"
CMD ["bash"]
