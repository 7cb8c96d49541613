# Two commands set everything up on a fresh machine with Python 3.11:
#   make run    install, migrate and serve the app at http://127.0.0.1:8000 (SQLite)
#   make test   install and run the whole test suite
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
MO := locale/zh_Hans/LC_MESSAGES/django.mo locale/ja/LC_MESSAGES/django.mo

CHROMIUM ?= /usr/bin/chromium

.PHONY: run test install messages lint bench chromium

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $(STAMP)

install: $(STAMP) $(MO)

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
