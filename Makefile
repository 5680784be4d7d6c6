# CardBot: `make demo` runs the main job on bundled examples, `make test` runs the tests.
# Both install what is missing first (libpng, libjpeg, FFmpeg, SQLite, cairo, Pango, fonts, gettext, poppler),
# then build.

SWIFT ?= swift
CONFIG ?= release
BIN = .build/$(CONFIG)/cardbot
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)

.PHONY: all deps build demo test bench clean fuzz fuzz-smoke

all: build

# Installs with apt what is missing: libpng and libjpeg (frames), FFmpeg's libraries and the ffmpeg tool
# (video sessions; the video tests pipe streams through it), libsqlite3-dev (the gradebook, through GRDB),
# cairo and Pango (printed matter), fonts for Latin, Greek, Cyrillic, Arabic and CJK text, gettext's msgfmt
# (checks the message catalogs) and poppler's pdftotext (the tests read printed PDFs back).
FONTS = fonts-dejavu-core fonts-noto-core fonts-noto-cjk
DEV_LIBS = libpng libjpeg libavformat libavcodec libavutil libswscale sqlite3 pangocairo cairo-pdf cairo-svg
deps:
	@missing=""; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	pkg-config --exists libpng libjpeg 2>/dev/null || missing="$$missing libpng-dev libjpeg-dev"; \
	pkg-config --exists libavformat libavcodec libavutil libswscale 2>/dev/null || \
		missing="$$missing libavformat-dev libavcodec-dev libavutil-dev libswscale-dev"; \
	command -v ffmpeg >/dev/null 2>&1 || missing="$$missing ffmpeg"; \
	pkg-config --exists sqlite3 2>/dev/null || missing="$$missing libsqlite3-dev"; \
	pkg-config --exists pangocairo cairo-pdf cairo-svg 2>/dev/null || missing="$$missing libcairo2-dev libpango1.0-dev"; \
	for font in $(FONTS); do dpkg -s $$font >/dev/null 2>&1 || missing="$$missing $$font"; done; \
	command -v msgfmt >/dev/null 2>&1 || missing="$$missing gettext"; \
	command -v pdftotext >/dev/null 2>&1 || missing="$$missing poppler-utils"; \
	if [ -n "$$missing" ]; then \
		echo "Installing$$missing..."; \
		$(SUDO) apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=600 $$missing >/dev/null; \
	fi
	@pkg-config --exists $(DEV_LIBS) || { echo "error: a development package is still missing (pkg-config $(DEV_LIBS)); install it and retry" >&2; exit 1; }
	@command -v ffmpeg >/dev/null || { echo "error: ffmpeg is still missing; install it and retry" >&2; exit 1; }
	@msgfmt --check --output-file=/dev/null Locale/da.po

build: deps
	$(SWIFT) build -c $(CONFIG) --product cardbot

# The main job on the bundled sessions (Maya's and Leo's frame folders with run marks, Zoe's phone video with GO
# taps at a child's pace), then what a teacher shows and keeps: Maya's attempts replayed on her table
# (the AR replay) and the class report, in .build/demo/.
DEMO_OUT = .build/demo
demo: build
	@mkdir -p $(DEMO_OUT)
	$(BIN) run Examples/maya-level-3 --replay $(DEMO_OUT)/maya-level-3.mp4
	@echo
	$(BIN) run --quiet Examples/leo-level-9
	@echo
	$(BIN) run Examples/zoe-level-5
	@echo
	$(BIN) grade Examples --out $(DEMO_OUT)/class.html
	@echo
	@echo "Open $(DEMO_OUT)/maya-level-3.mp4 (the robot on Maya's table) and $(DEMO_OUT)/class.html (the class report)."

test: deps
	$(SWIFT) build -c $(CONFIG) --product cardbot
	CARDBOT_BIN=$(CURDIR)/$(BIN) $(SWIFT) test -c $(CONFIG)
	$(MAKE) fuzz-smoke

# Fuzzing (Fuzz/): libFuzzer harnesses for every parser of outside input, built with swiftc -sanitize=fuzzer,address
# (Fuzz/build.sh) and rebuilt only when a source changes. `make fuzz` runs each for FUZZ_SECONDS; `make fuzz-smoke`
# (part of `make test`) runs each for exactly FUZZ_RUNS executions. A crash fails the target and leaves its input
# in .build/fuzz/crashes/.
FUZZ_OUT = $(CURDIR)/.build/fuzz
FUZZ_SECONDS ?= 60
FUZZ_RUNS ?= 2000
FUZZ_SOURCES := $(shell find Fuzz Locale Sources/CardBotSupport Sources/CardBotImaging Sources/CCardBotJPEG Sources/CardBotLesson \
	Sources/CardBotPrint Sources/CCairo Sources/CardBotVision Sources/CardBotSession/SessionManifest.swift Sources/CardBotSession/SessionError.swift -type f)

$(FUZZ_OUT)/.built: $(FUZZ_SOURCES)
	FUZZ_OUT=$(FUZZ_OUT) Fuzz/build.sh
	@touch $@

fuzz: deps $(FUZZ_OUT)/.built
	FUZZ_OUT=$(FUZZ_OUT) Fuzz/run.sh seconds $(FUZZ_SECONDS)

fuzz-smoke: deps $(FUZZ_OUT)/.built
	FUZZ_OUT=$(FUZZ_OUT) Fuzz/run.sh runs $(FUZZ_RUNS)

clean:
	rm -rf .build
