# Uplink — the two commands are `make run` and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := help

.PHONY: help run build web server test openapi fmt lint bench

help:
	@echo "make run      build everything and serve the demo store on http://localhost:8080"
	@echo "make test     run every test (installs what it needs when missing)"
	@echo "make build    build the frontend and the release binary target/release/uplink"
	@echo "make openapi  regenerate the OpenAPI snapshot and the frontend's API types"
	@echo "make bench    run the performance benchmarks (bench/run.sh)"

run: build
	target/release/uplink serve

build: web server

web:
	scripts/ensure-node-deps.sh web
	cd web && npm run build

server:
	cargo build --release --locked -p uplink-server

test:
	scripts/test.sh

openapi:
	cargo run -q -p uplink-server -- openapi > web/src/lib/api/openapi.json
	cd web && npm run gen:api

fmt:
	cargo fmt --all

lint:
	cargo fmt --all --check
	cargo clippy --workspace --all-targets --locked -- -D warnings

bench:
	bench/run.sh
