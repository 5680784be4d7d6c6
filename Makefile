# CardBot: `make demo` runs the main job on bundled examples, `make test` runs the tests.
# Both install what is missing first (libpng, libjpeg and FFmpeg development files, the ffmpeg tool the
# video tests use), then build.

SWIFT ?= swift
CONFIG ?= release
BIN = .build/$(CONFIG)/cardbot
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)

.PHONY: all deps build demo test bench clean

all: build

# Installs libpng-dev, libjpeg-dev and FFmpeg's libraries with apt when pkg-config cannot find them, and the
# ffmpeg tool (the video tests pipe streams through it) when it is not on the PATH.
DEV_LIBS = libpng libjpeg libavformat libavcodec libavutil libswscale
deps:
	@if ! pkg-config --exists $(DEV_LIBS) 2>/dev/null || ! command -v ffmpeg >/dev/null 2>&1; then \
		echo "Installing libpng-dev, libjpeg-dev, FFmpeg's development files and ffmpeg (and pkg-config)..."; \
		$(SUDO) apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=600 pkg-config libpng-dev libjpeg-dev \
			libavformat-dev libavcodec-dev libavutil-dev libswscale-dev ffmpeg >/dev/null; \
	fi
	@pkg-config --exists $(DEV_LIBS) || { echo "error: libpng-dev, libjpeg-dev or FFmpeg's -dev packages are still missing; install them and retry" >&2; exit 1; }
	@command -v ffmpeg >/dev/null || { echo "error: ffmpeg is still missing; install it and retry" >&2; exit 1; }

build: deps
	$(SWIFT) build -c $(CONFIG) --product cardbot

# The main job on a bundled recorded session: the cards read from its frames, every attempt run step by step.
demo: build
	$(BIN) run Examples/maya-level-3
	@echo
	$(BIN) run --quiet Examples/leo-level-9

test: deps
	$(SWIFT) build -c $(CONFIG) --product cardbot
	CARDBOT_BIN=$(CURDIR)/$(BIN) $(SWIFT) test -c $(CONFIG)

clean:
	rm -rf .build
