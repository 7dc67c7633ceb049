# Keyscope developer entry points. Everything goes through CMake; `make deps` installs whatever
# Debian 12 packages are missing (it is a no-op when all are present).

SHELL := /bin/bash
MAKEFLAGS += --no-print-directory
.SHELLFLAGS := -eu -o pipefail -c

BUILD_DIR ?= build
BUILD_TYPE ?= RelWithDebInfo
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
ARGS ?=
# Seconds per benchmark (Google Benchmark 1.7 syntax); keeps `make bench` well under 5 minutes.
BENCH_MIN_TIME ?= 0.2
BENCH_FILTER ?= .

# clang and libclang-rt-dev (libFuzzer, ASan, UBSan; only a recommendation of clang's) build the
# fuzz targets of `make fuzz-ci`; python3-fonttools cuts DejaVu down for the lesson page;
# libglib2.0-dev reads the desktop's recently-used.xbel in a test, as GTK does.
DEB_PACKAGES := cmake g++ make ninja-build ccache mold qt6-base-dev qt6-base-dev-tools qt6-svg-dev qt6-qpa-plugins \
	libgl-dev libbenchmark-dev xvfb xauth fonts-dejavu-core libyaml-cpp-dev rapidjson-dev \
	chromium poppler-utils clang libclang-rt-dev python3-fonttools \
	desktop-file-utils appstream shared-mime-info man-db dpkg-dev libglib2.0-dev pkg-config

FORMAT_DIRS := app model ui tests

.PHONY: all deps deps-live configure build run install package package-check test check suite bench fuzz fuzz-ci docs-images screenshots format clean

all: build

deps: deps-live
	@missing=""; \
	for pkg in $(DEB_PACKAGES); do \
		if ! dpkg-query -W -f='$${Status}' "$$pkg" 2>/dev/null | grep -q 'install ok installed'; then \
			missing="$$missing $$pkg"; \
		fi; \
	done; \
	if [ -z "$$missing" ]; then echo "deps: all build packages are installed"; exit 0; fi; \
	echo "deps: missing packages:$$missing"; \
	cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends$$missing"; \
	if [ "$$(id -u)" -eq 0 ]; then \
		bash -c "$$cmd"; \
	elif command -v sudo >/dev/null 2>&1; then \
		sudo bash -c "$$cmd"; \
	else \
		echo "deps: not root and sudo is not available. As root, run:" >&2; \
		echo "  $$cmd" >&2; \
		exit 1; \
	fi

# Test tools for the live-endpoint tests (tests/live): Node.js and npm from Debian (unless a node
# and npm are already on PATH, e.g. NodeSource's, which conflict with Debian's npm package), then
# dynalite at the version pinned in tests/live/package-lock.json. --ignore-scripts: dynalite runs
# in memory, so no native LevelDB build (and no download of prebuilt binaries) is needed.
NODE_DEB_PACKAGES := nodejs npm

deps-live:
	@if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then \
		echo "deps: installing Node.js and npm from Debian (live-endpoint tests)"; \
		cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $(NODE_DEB_PACKAGES)"; \
		if [ "$$(id -u)" -eq 0 ]; then bash -c "$$cmd"; \
		elif command -v sudo >/dev/null 2>&1; then sudo bash -c "$$cmd"; \
		else echo "deps: not root and sudo is not available. As root, run:" >&2; echo "  $$cmd" >&2; exit 1; fi; \
	fi
	@if [ ! -f tests/live/node_modules/.package-lock.json ] \
		|| [ tests/live/package-lock.json -nt tests/live/node_modules/.package-lock.json ]; then \
		echo "deps: npm ci in tests/live (dynalite, for the live-endpoint tests)"; \
		cd tests/live && npm ci --ignore-scripts --no-audit --no-fund; \
	else \
		echo "deps: dynalite (tests/live) is installed"; \
	fi

# Configures once (Ninja when installed); afterwards `cmake --build` re-runs CMake by itself
# whenever a CMakeLists.txt changes, so the edit-build-test loop does not pay for it each time.
configure: deps
	@if [ -f $(BUILD_DIR)/CMakeCache.txt ] \
		&& grep -qx 'CMAKE_BUILD_TYPE:STRING=$(BUILD_TYPE)' $(BUILD_DIR)/CMakeCache.txt \
		&& { [ -f $(BUILD_DIR)/build.ninja ] || [ -f $(BUILD_DIR)/Makefile ]; }; then :; \
	else \
		generator=""; \
		if [ ! -f $(BUILD_DIR)/CMakeCache.txt ] && command -v ninja >/dev/null 2>&1; then generator="-G Ninja"; fi; \
		echo "cmake -S . -B $(BUILD_DIR) $$generator -DCMAKE_BUILD_TYPE=$(BUILD_TYPE)"; \
		cmake -S . -B $(BUILD_DIR) $$generator -DCMAKE_BUILD_TYPE=$(BUILD_TYPE); \
	fi

build: configure
	cmake --build $(BUILD_DIR) -j$(JOBS)

# Installs bin/keyscope, the launcher, metainfo, MIME type, icons, man page and completion under
# PREFIX (default /usr/local).
PREFIX ?= /usr/local
install: build
	cmake --install $(BUILD_DIR) --prefix $(PREFIX)

# A Debian package of the same files (CPack, Depends from dpkg-shlibdeps):
# build/keyscope_VERSION_ARCH.deb, for `apt install ./build/keyscope_*.deb`.
package: build
	cmake --build $(BUILD_DIR) --target package

# Installs that package with apt on a fresh, minimal Debian 12 (debootstrap) and runs it. Needs
# root and Debian's mirror (about 300 MB), so it is not part of `make test`.
package-check: package
	sh resources/desktop/fresh-install-check.sh $(BUILD_DIR)/keyscope_*.deb \
	    resources/examples/iot/after.keyscope.json "The Device alone"

run: build
	./$(BUILD_DIR)/app/keyscope $(ARGS)

# Every suite, as CI runs them. `make check` runs only the quick ones (label `quick`, under a
# minute together); `ctest --test-dir build -R NAME` runs one.
test: build
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j$(JOBS)

check: build
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j$(JOBS) -L quick

# One suite and what it needs, built and run: `make suite S=tst_queryengine`.
S ?=
suite: configure
	@if [ -z "$(S)" ]; then echo "suite: name one, e.g. make suite S=tst_queryengine" >&2; exit 2; fi
	cmake --build $(BUILD_DIR) -j$(JOBS) --target $(S)
	ctest --test-dir $(BUILD_DIR) --output-on-failure -R '^$(S)$$'

bench: build
	cmake --build $(BUILD_DIR) -j$(JOBS) --target bench_all
	@mkdir -p $(BUILD_DIR)/bench
	@shopt -s nullglob; \
	benches=($(BUILD_DIR)/tests/bench/bench_*); \
	if [ $${#benches[@]} -eq 0 ]; then echo "bench: no benchmarks (add tests/bench/bench_*.cpp)"; exit 0; fi; \
	for b in "$${benches[@]}"; do \
		[ -x "$$b" ] && [ -f "$$b" ] || continue; \
		name=$$(basename "$$b"); \
		echo "== $$name"; \
		"$$b" --benchmark_min_time=$(BENCH_MIN_TIME) --benchmark_filter='$(BENCH_FILTER)' \
			--benchmark_out="$(BUILD_DIR)/bench/$$name.json" --benchmark_out_format=json; \
	done; \
	echo "bench: JSON results in $(BUILD_DIR)/bench/"

# libFuzzer targets (tests/fuzz), one per parser, built by clang with ASan and UBSan in their
# own build directory and run FUZZ_SECONDS each. The build goes through ccache as every build
# does (the root CMakeLists.txt sets CMAKE_CXX_COMPILER_LAUNCHER), without precompiled headers:
# clang's hold the build folder's path, so a fresh clone elsewhere would miss the cache. New
# inputs that add coverage go to FUZZ_CORPUS/NAME, crashes to FUZZ_DIR/artifacts/NAME/ (re-run
# one with `FUZZ_DIR/tests/fuzz/fuzz_NAME FILE`). FUZZ_FLAGS adds libFuzzer options (-jobs=2).
FUZZ_DIR ?= build-fuzz
FUZZ_SECONDS ?= 180
FUZZ_FLAGS ?=
FUZZ_CORPUS ?= $(FUZZ_DIR)/corpus
FUZZ_OUTPUT ?= cat
# Seconds one input may take before libFuzzer calls it a hang and fails.
FUZZ_TIMEOUT ?= 10
# Targets run at once, each on one core; their logs are printed in order when all have ended.
FUZZ_PARALLEL ?= $(JOBS)

fuzz:
	@command -v clang++ >/dev/null 2>&1 || { echo "fuzz: clang++ is not installed (make deps installs it)" >&2; exit 1; }
	@generator=""; \
	if [ ! -f $(FUZZ_DIR)/CMakeCache.txt ] && command -v ninja >/dev/null 2>&1; then generator="-G Ninja"; fi; \
	echo "cmake -S . -B $(FUZZ_DIR) $$generator (clang, -DKEYSCOPE_FUZZ=ON)"; \
	cmake -S . -B $(FUZZ_DIR) $$generator -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ -DKEYSCOPE_FUZZ=ON \
		-DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" -DCMAKE_DISABLE_PRECOMPILE_HEADERS=ON >/dev/null
	cmake --build $(FUZZ_DIR) -j$(JOBS) --target fuzz_all
	@run_one() { \
		name=$$1; seeds=$$(cat $(FUZZ_DIR)/tests/fuzz/fuzz_$$name.seeds); \
		mkdir -p $(FUZZ_CORPUS)/$$name $(FUZZ_DIR)/artifacts/$$name; \
		echo "== fuzz_$$name ($(FUZZ_SECONDS) s; seeds: $$seeds)"; \
		$(FUZZ_DIR)/tests/fuzz/fuzz_$$name -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=2048 \
			-timeout=$(FUZZ_TIMEOUT) -print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/artifacts/$$name/ $(FUZZ_FLAGS) \
			$(FUZZ_CORPUS)/$$name $$seeds 2>&1 | $(FUZZ_OUTPUT); \
	}; \
	names=$$(for f in $(FUZZ_DIR)/tests/fuzz/fuzz_*.seeds; do n=$$(basename "$$f" .seeds); echo $${n#fuzz_}; done); \
	logs=$(FUZZ_DIR)/logs; rm -rf $$logs; mkdir -p $$logs; \
	echo "fuzz: $$(echo $$names | wc -w) targets, $(FUZZ_PARALLEL) at a time"; \
	echo $$names | tr ' ' '\n' | xargs -P $(FUZZ_PARALLEL) -I{} bash -c "$$(declare -f run_one); \
		set -o pipefail; if run_one {} > $$logs/{}.log; then touch $$logs/{}.passed; fi"; \
	passed=0; failed=0; \
	for name in $$names; do \
		cat $$logs/$$name.log; \
		if [ -f $$logs/$$name.passed ]; then passed=$$((passed + 1)); \
		else echo "fuzz: fuzz_$$name failed; see $(FUZZ_DIR)/artifacts/$$name/" >&2; failed=$$((failed + 1)); fi; \
	done; \
	echo "fuzz: $$passed passed, $$failed failed"; \
	[ $$failed -eq 0 ] && [ $$passed -gt 0 ]

# CI's fuzzing (.ci/run, after `make test`): every target FUZZ_CI_SECONDS on the seed corpus,
# its new inputs in a scratch corpus emptied first (so each run starts from the seeds alone);
# a crash, a leak or an input slower than 60 s fails the run. (60, not 10: YAML whose aliases
# expand to half a million values, within the YAML bound, takes 1 s in the release build and
# 10 to 20 s under ASan on a busy 2-core machine; a real hang still fails.) libFuzzer's line
# per new input is left out of the log; its start, final statistics and any crash report stay.
FUZZ_CI_SECONDS ?= 20

fuzz-ci: deps
	@rm -rf $(FUZZ_DIR)/corpus-ci
	@$(MAKE) fuzz FUZZ_SECONDS=$(FUZZ_CI_SECONDS) FUZZ_CORPUS=$(FUZZ_DIR)/corpus-ci FUZZ_TIMEOUT=60 \
		FUZZ_FLAGS="-print_funcs=0 $(FUZZ_FLAGS)" \
		FUZZ_OUTPUT="sed -E '/^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse)[[:space:]]/d'"

# The README's exported pictures, regenerated by the CLI from the built-in examples. Not part
# of `make test`; run it after changing how diagrams look and commit the result.
docs-images: build
	./$(BUILD_DIR)/app/keyscope export --example iot \
		--pattern "Device and its 10 newest readings" --animated \
		-o resources/screenshots/iot-query.svg

# PNGs of the exports and the window (1280x800, 1024x700, light and dark) to look at by eye.
screenshots: build
	tests/screenshots/take.sh $(BUILD_DIR)/screenshots

format:
	find $(FORMAT_DIRS) -path tests/live/node_modules -prune -o \( -name '*.h' -o -name '*.cpp' \) -print0 \
		| xargs -0 -r clang-format -i

clean:
	rm -rf $(BUILD_DIR)
