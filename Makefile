# The two commands a new user needs: `make demo` and `make test`.
# Both install what is missing first (scripts/bootstrap.sh).
PRESET ?= default
BUILD_DIR = build/$(PRESET)
JOBS ?= 2

.PHONY: bootstrap build test test-asan demo bench vscode clean

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

# editors/vscode/forklift.vsix, with the npm packages pinned in its package-lock.json.
vscode:
	cd editors/vscode && npm ci --no-audit --no-fund && npm run compile && npm run package

clean:
	rm -rf build
