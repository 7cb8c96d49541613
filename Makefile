# Two commands set everything up on a fresh machine with Python 3.11:
#   make run    install, migrate and serve the app at http://127.0.0.1:8000 (SQLite)
#   make test   install and run the whole test suite
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
MO := locale/zh_Hans/LC_MESSAGES/django.mo locale/ja/LC_MESSAGES/django.mo

CHROMIUM ?= /usr/bin/chromium

.PHONY: run test install messages lint bench chromium pyodide

# Pyodide (CPython in WebAssembly) runs the engine in the browser for the table offline:
# the pinned npm package, checked against its registry digest, unpacked into build/ (not in
# git) and served from our own static files (ledger/settings.py). Only the files it loads.
PYODIDE_VERSION := 0.27.7
PYODIDE_SHA512 := RUSVJlhQdfWfgO9hVHCiXoG+nVZQRS5D9FzgpLJ/VcgGBLSAKoPL8kTiOikxbHQm1kRISeWUBdulEgO26qpSRA==
PYODIDE_FILES := pyodide.mjs pyodide.asm.js pyodide.asm.wasm python_stdlib.zip pyodide-lock.json
PYODIDE_DIR := build/pyodide
PYODIDE_STAMP := $(PYODIDE_DIR)/.version-$(PYODIDE_VERSION)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $(STAMP)

install: $(STAMP) $(MO) $(PYODIDE_STAMP)

pyodide: $(PYODIDE_STAMP)

$(PYODIDE_STAMP):
	rm -rf $(PYODIDE_DIR) && mkdir -p $(PYODIDE_DIR)
	cd $(PYODIDE_DIR) && npm pack --silent pyodide@$(PYODIDE_VERSION) >/dev/null
	test "$$(openssl dgst -sha512 -binary $(PYODIDE_DIR)/pyodide-$(PYODIDE_VERSION).tgz | base64 -w0)" = "$(PYODIDE_SHA512)" \
	  || { echo "pyodide-$(PYODIDE_VERSION).tgz does not match its pinned digest" >&2; exit 1; }
	tar xzf $(PYODIDE_DIR)/pyodide-$(PYODIDE_VERSION).tgz -C $(PYODIDE_DIR) --strip-components=1 \
	  $(addprefix package/,$(PYODIDE_FILES))
	rm $(PYODIDE_DIR)/pyodide-$(PYODIDE_VERSION).tgz
	touch $@

# Translations compiled in pure Python (no GNU gettext needed): .po in git, .mo built here.
locale/%/LC_MESSAGES/django.mo: locale/%/LC_MESSAGES/django.po $(STAMP)
	$(BIN)/python manage.py compiletranslations

messages: $(STAMP)
	$(BIN)/python manage.py compiletranslations

# The task worker (standings rebuilt off the request) runs beside the server and stops with it.
run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py db_worker --no-reload & worker=$$!; \
	trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	$(BIN)/python manage.py runserver 127.0.0.1:8000

# The browser tests drive Debian's Chromium: found at $(CHROMIUM), else installed with apt.
chromium:
	@test -x $(CHROMIUM) || { \
	  echo "Installing Debian's chromium for the browser tests"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; }
	@test -x $(CHROMIUM) || { echo "Chromium is missing at $(CHROMIUM): install Debian's chromium package or set CHROMIUM" >&2; exit 1; }

test: install chromium
	CHROMIUM=$(CHROMIUM) CONN_MAX_AGE=0 $(BIN)/python -m pytest -q

lint: install
	$(BIN)/ruff check scoring ledger tests
	$(BIN)/mypy --strict scoring

bench: install
	$(BIN)/python -m pip install --quiet -e ".[bench]"
	$(BIN)/python -m bench
