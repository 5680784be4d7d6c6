# CardBot: `make demo` runs the main job on bundled examples, `make test` runs the tests.
# Both install what is missing first (libpng, libjpeg, FFmpeg, SQLite, cairo, Pango, fonts, gettext, poppler),
# then build.

SWIFT ?= swift
CONFIG ?= release
# Extra flags for every Swift build of the package (`make test` passes the ones `swift test` builds with).
SWIFT_FLAGS ?=
BIN = .build/$(CONFIG)/cardbot
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)

.PHONY: all deps build demo test clean fuzz fuzz-smoke man install uninstall deb static-build lint

all: build

# Installs with apt what is missing: libpng and libjpeg (frames), FFmpeg's libraries and the ffmpeg tool
# (video sessions; the video tests pipe streams through it), libsqlite3-dev (the gradebook, through GRDB),
# cairo and Pango (printed matter), fonts for Latin, Greek, Cyrillic, Arabic and CJK text, gettext's msgfmt
# (checks the message catalogs), poppler's pdftotext (the tests read printed PDFs back), man (the tests render
# the installed manual pages) and chromium (the tests measure the HTML pages at a phone's and a desktop's width).
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
	command -v man >/dev/null 2>&1 || missing="$$missing man-db"; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	if [ -n "$$missing" ]; then \
		echo "Installing$$missing..."; \
		$(SUDO) apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=600 $$missing >/dev/null; \
	fi
	@pkg-config --exists $(DEV_LIBS) || { echo "error: a development package is still missing (pkg-config $(DEV_LIBS)); install it and retry" >&2; exit 1; }
	@command -v ffmpeg >/dev/null || { echo "error: ffmpeg is still missing; install it and retry" >&2; exit 1; }
	@msgfmt --check --output-file=/dev/null Locale/da.po

build: deps
	$(SWIFT) build -c $(CONFIG) --product cardbot $(SWIFT_FLAGS)

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

# The CLI tests run the cardbot that is built beside them; the installation tests run the cardbot `make install`
# puts into a staging tree (.build/install-test), from folders outside the checkout. The package is built once, in
# release with testing enabled as `swift test` builds it, and both the install and the tests use that build.
INSTALL_TEST = .build/install-test
TEST_FLAGS = -Xswiftc -enable-testing
test: deps
	$(SWIFT) build -c $(CONFIG) --build-tests $(TEST_FLAGS)
	rm -rf "$(INSTALL_TEST)"
	$(MAKE) install SWIFT_FLAGS="$(TEST_FLAGS)" PREFIX=/usr/local DESTDIR="$(CURDIR)/$(INSTALL_TEST)" >/dev/null
	CARDBOT_INSTALL_TREE="$(CURDIR)/$(INSTALL_TEST)/usr/local" $(SWIFT) test -c $(CONFIG) --skip-build
	$(MAKE) fuzz-smoke

# Fuzzing (Fuzz/): libFuzzer harnesses for every parser of outside input, targets of the package built by SwiftPM
# with -sanitize=fuzzer,address into .build/fuzz-spm (Fuzz/build.sh) and rebuilt only when a source changes.
# `make fuzz` runs each for FUZZ_SECONDS; `make fuzz-smoke` (part of `make test`) runs each for exactly FUZZ_RUNS
# executions (the gradebook harness, 20 to 100 times slower an execution, for FUZZ_RUNS/4). A crash fails the target
# and leaves its input in .build/fuzz/crashes/.
FUZZ_OUT = $(CURDIR)/.build/fuzz
FUZZ_SECONDS ?= 60
FUZZ_RUNS ?= 2000
FUZZ_SOURCES := $(shell find Fuzz Locale Levels Sources Package.swift Package.resolved -type f 2>/dev/null)

$(FUZZ_OUT)/.built: $(FUZZ_SOURCES)
	FUZZ_OUT=$(FUZZ_OUT) Fuzz/build.sh
	@touch $@

fuzz: deps $(FUZZ_OUT)/.built
	FUZZ_OUT=$(FUZZ_OUT) Fuzz/run.sh seconds $(FUZZ_SECONDS)

fuzz-smoke: deps $(FUZZ_OUT)/.built
	FUZZ_OUT=$(FUZZ_OUT) Fuzz/run.sh runs $(FUZZ_RUNS)

# Installing, GNU style: `make install PREFIX=/usr/local` (and DESTDIR=/staging for packagers), `make uninstall`.
# The binary goes to bin/, the curriculum, the deck (with its marker images and the picture-deck example) and the
# message catalogs to share/cardbot/ (where the installed binary finds them, see `cardbot paths`), one manual page
# per subcommand (from the ArgumentParser definitions, by the package's generate-manual plugin) to share/man/man1/,
# and the bash, zsh and fish completions (ArgumentParser's --generate-completion-script) to their folders.
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(PREFIX)/bin
DATADIR = $(PREFIX)/share/cardbot
MANDIR = $(PREFIX)/share/man/man1
BASHDIR = $(PREFIX)/share/bash-completion/completions
ZSHDIR = $(PREFIX)/share/zsh/site-functions
FISHDIR = $(PREFIX)/share/fish/vendor_completions.d
MAN_OUT = .build/plugins/GenerateManual/outputs/cardbot
MAN_DATE := $(shell git log -1 --format=%cs 2>/dev/null || echo 2026-01-01)

man: build
	$(SWIFT) package $(SWIFT_FLAGS) generate-manual --multi-page --date $(MAN_DATE) --authors "CardBot maintainers" >/dev/null
	@# mdoc wants a paragraph macro, not an empty line, between paragraphs.
	@for page in $(MAN_OUT)/*.1; do sed -i 's/^$$/.Pp/' "$$page"; done

install: build man
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(DATADIR)/Levels" "$(DESTDIR)$(DATADIR)/Cards/markers" \
		"$(DESTDIR)$(DATADIR)/Cards/examples/picture-deck" "$(DESTDIR)$(DATADIR)/Locale" "$(DESTDIR)$(MANDIR)" \
		"$(DESTDIR)$(BASHDIR)" "$(DESTDIR)$(ZSHDIR)" "$(DESTDIR)$(FISHDIR)"
	install -m 755 $(BIN) "$(DESTDIR)$(BINDIR)/cardbot"
	install -m 644 Levels/*.json "$(DESTDIR)$(DATADIR)/Levels/"
	install -m 644 Cards/deck.json "$(DESTDIR)$(DATADIR)/Cards/"
	install -m 644 Cards/markers/* "$(DESTDIR)$(DATADIR)/Cards/markers/"
	cp -R Cards/examples/picture-deck/. "$(DESTDIR)$(DATADIR)/Cards/examples/picture-deck/"
	install -m 644 Locale/*.po "$(DESTDIR)$(DATADIR)/Locale/"
	install -m 644 $(MAN_OUT)/*.1 "$(DESTDIR)$(MANDIR)/"
	$(BIN) --generate-completion-script bash > "$(DESTDIR)$(BASHDIR)/cardbot"
	$(BIN) --generate-completion-script zsh > "$(DESTDIR)$(ZSHDIR)/_cardbot"
	$(BIN) --generate-completion-script fish > "$(DESTDIR)$(FISHDIR)/cardbot.fish"
	@echo "Installed cardbot into $(DESTDIR)$(PREFIX) (resources in $(DATADIR))."

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/cardbot" "$(DESTDIR)$(BASHDIR)/cardbot" "$(DESTDIR)$(ZSHDIR)/_cardbot" \
		"$(DESTDIR)$(FISHDIR)/cardbot.fish"
	rm -f "$(DESTDIR)$(MANDIR)"/cardbot.1 "$(DESTDIR)$(MANDIR)"/cardbot.*.1
	rm -rf "$(DESTDIR)$(DATADIR)"

# A Debian package of the same tree under /usr, with its runtime dependencies, built with dpkg-deb:
# .build/deb/cardbot_VERSION_ARCH.deb. `sudo dpkg -i` installs it, `sudo dpkg -r cardbot` removes it.
DEB_VERSION := $(shell sed -n 's/.*static let current = "\(.*\)"/\1/p' Sources/CardBotCommandLine/CardBotVersion.swift)
DEB_ARCH := $(shell dpkg --print-architecture 2>/dev/null || echo amd64)
DEB_ROOT = .build/deb/cardbot_$(DEB_VERSION)_$(DEB_ARCH)
# The package's binary carries the Swift runtime and Foundation (--static-swift-stdlib), built apart in
# .build-static, so that it runs where no Swift toolchain is installed.
STATIC_BIN = .build-static/release/cardbot
static-build: deps
	$(SWIFT) build -c $(CONFIG) --product cardbot --static-swift-stdlib --scratch-path .build-static

deb: static-build man
	rm -rf "$(DEB_ROOT)"
	$(MAKE) install PREFIX=/usr DESTDIR="$(CURDIR)/$(DEB_ROOT)" BIN=$(STATIC_BIN)
	Packaging/debian-control.sh "$(DEB_ROOT)" "$(DEB_VERSION)" "$(DEB_ARCH)"
	dpkg-deb --root-owner-group --build "$(DEB_ROOT)" .build/deb/ >/dev/null
	@echo "Built .build/deb/cardbot_$(DEB_VERSION)_$(DEB_ARCH).deb"

# swift-format (shipped with the toolchain as `swift format`) with the repository's .swift-format.
lint:
	$(SWIFT) format lint --recursive --parallel Sources Tests Fuzz/Harnesses Package.swift

clean:
	rm -rf .build .build-static
