# The two commands a new user needs: `make demo` and `make test`.
# Both install what is missing first (scripts/bootstrap.sh).
PRESET ?= default
BUILD_DIR = build/$(PRESET)
JOBS ?= 2

.PHONY: properties bootstrap build test test-asan demo bench deb vscode rule-docs ksh93-suite fuzz fix-differential clean

bootstrap:
	@scripts/bootstrap.sh

build: bootstrap
	cmake --preset $(PRESET)
	cmake --build --preset $(PRESET) -j $(JOBS)

test: build
	ctest --preset $(PRESET) -j $(JOBS)

test-asan:
	$(MAKE) test PRESET=asan

demo: build
	@scripts/demo.sh $(BUILD_DIR)/cli/forklift

bench: build
	@bench/run_all.sh $(BUILD_DIR)/cli/forklift

# forklift_VERSION_ARCH.deb in the build folder: the binary, man pages, completions.
deb: build
	cd $(BUILD_DIR) && cpack -G DEB

# editors/vscode/forklift.vsix, with the npm packages pinned in its package-lock.json.
vscode:
	cd editors/vscode && npm ci --no-audit --no-fund && npm run compile && npm run package

# ksh93u+m's regression suite, every file, forklift beside ksh93u+m
# (FORKLIFT_KSH93_TESTS names the suite's tests folder).
ksh93-suite: build
	@tests/ksh93_suite/run_suite.sh --report $(BUILD_DIR)/cli/forklift

# The fuzz targets (fuzz/), built with clang, libFuzzer, ASan and UBSan, each
# run for FUZZ_SECONDS from the tests' and samples' seeds (fuzz/run.sh).
FUZZ_SECONDS ?= 60
FUZZ_SEED ?=
FUZZ_TARGETS = fuzz_exact_parser fuzz_tree_sitter fuzz_fix_loop fuzz_lsp fuzz_arithmetic fuzz_expansion
fuzz: bootstrap
	cmake --preset fuzz
	cmake --build --preset fuzz -j $(JOBS) --target $(FUZZ_TARGETS)
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_SEED=$(FUZZ_SEED) fuzz/run.sh build/fuzz $(FUZZ_TARGETS)

# Safe fixes on generated programs under dash, bash, ksh93 and mksh: ctest
# runs a few hundred, this thousands (from FIX_DIFFERENTIAL_SEED on).
FIX_DIFFERENTIAL_PROGRAMS ?= 5000
FIX_DIFFERENTIAL_SEED ?= 1
fix-differential: build
	FORKLIFT_FIX_DIFFERENTIAL_PROGRAMS=$(FIX_DIFFERENTIAL_PROGRAMS) FORKLIFT_FIX_DIFFERENTIAL_SEED=$(FIX_DIFFERENTIAL_SEED) \
	  $(BUILD_DIR)/tests/test_fix_properties "[differential]"

# The rules' property tests on every generated value and program (ctest
# runs the first few of each).
PROPERTY_CASES ?= 1000
properties: build
	FORKLIFT_PROPERTY_CASES=$(PROPERTY_CASES) $(BUILD_DIR)/tests/test_rules "[property]"

# docs/rules/ rewritten from the rule sources (the rule_docs_current test checks it).
rule-docs: build
	cmake --build --preset $(PRESET) --target rule-docs

clean:
	rm -rf build
