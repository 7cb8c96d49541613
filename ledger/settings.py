"""Settings of the ledger, read from environment variables with safe defaults.

DATABASE_URL      database (default: SQLite file db.sqlite3 beside manage.py)
SECRET_KEY        signing key (required in production; a development key otherwise)
DEBUG             "1"/"true" to enable debug pages (default: off)
ALLOWED_HOSTS     comma-separated host names (default: localhost names)
DJANGO_PRODUCTION "1" behind HTTPS: secure cookies, HSTS, redirect to HTTPS
SECURE_COOKIES    "1" to send cookies over HTTPS only (on in production)
FORWARDED_PROXIES how many proxies in front add to X-Forwarded-For (default 0: the
                  header is ignored); the client address is the one the outermost
                  of them saw, for the limit on failed logins
TIME_ZONE         the club's time zone, e.g. Asia/Tokyo (default UTC): dates of
                  sessions and seasons are read in it
CLUB_NAME         the club's name, printed on the standings sheet (default: none)
ADMINS            "Name <address>, ..." who get a mail for every server error
                  (with EMAIL_HOST, EMAIL_PORT, DEFAULT_FROM_EMAIL); errors always
                  go to standard error with their traceback
TASKS_BACKEND     where background work (standings rebuilds) is queued: the
                  database (default; `manage.py db_worker` runs it) or
                  django_tasks.backends.immediate.ImmediateBackend (in the request)
"""

from __future__ import annotations

import os
import warnings
from datetime import timedelta
from email.utils import getaddresses
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def _flag(name: str, default: str = "") -> bool:
    return os.environ.get(name, default).strip().lower() in ("1", "true", "yes", "on")


def _whole_number(name: str, default: str) -> int:
    text = os.environ.get(name, default).strip()
    if not text.isascii() or not text.isdigit():
        raise ImproperlyConfigured(f"{name} must be a whole number such as 0 or 1, not {text!r}")
    return int(text)


DEBUG = _flag("DEBUG")
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if _flag("DJANGO_PRODUCTION"):
        raise ImproperlyConfigured("SECRET_KEY must be set in production")
    SECRET_KEY = "dev-only-insecure-key-set-SECRET_KEY-in-production"
ALLOWED_HOSTS = [
    host.strip()
    for host in os.environ.get("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver").split(",")
    if host.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "template_partials",
    "django_tasks",
    "django_tasks_db",
    "axes",
    "ninja",
    "ledger",
    "standings",
    "clubnights",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "ledger.api.middleware.ApiErrorsMiddleware",
    "ledger.busy.BusyMiddleware",  # a deadlock or a lock timeout: 503, try again
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "ledger.not_allowed.MethodNotAllowedPage",  # a form's address opened as a page
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",  # last: it answers a locked-out login
]

ROOT_URLCONF = "ledger.urls"
CSRF_FAILURE_VIEW = "ledger.views.common.csrf_failure"
WSGI_APPLICATION = "ledger.wsgi.application"
ASGI_APPLICATION = "ledger.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        # Persistent connections by default; tests set 0 so that no server thread's
        # connection outlives the run and holds the test database open.
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
    )
}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Writers take the lock when their transaction begins (SQLite's stand-in for row
    # locks), and wait for each other instead of failing with "database is locked".
    # Write-ahead logging: readers (a page, the standings rebuild reading every game) never
    # block a writer's commit, as they do in SQLite's default rollback journal.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # Tests use a file too: an in-memory database shares one cache between threads,
    # where a locked table fails at once instead of waiting.
    # One file per test run, so that runs side by side do not share it.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / f".test-db-{os.getpid()}.sqlite3")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("zh-hans", "简体中文"), ("ja", "日本語")]
LOCALE_PATHS = [BASE_DIR / "locale"]  # .po files; `manage.py compiletranslations` builds the .mo
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 365  # the language chosen in the header, for a year
FORMAT_MODULE_PATH = ["ledger.formats"]  # English dates stay ISO (2025-06-01 19:30)
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True
USE_THOUSAND_SEPARATOR = False

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
WHITENOISE_USE_FINDERS = True  # serve static files without collectstatic on a small server
warnings.filterwarnings("ignore", message="No directory at")
# Pyodide, unpacked by `make pyodide` (the pinned npm package): the engine in the browser.
STATICFILES_DIRS = [BASE_DIR / "static", ("pyodide", BASE_DIR / "build" / "pyodide")]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

PRODUCTION = _flag("DJANGO_PRODUCTION")
SESSION_COOKIE_SECURE = _flag("SECURE_COOKIES", "1" if PRODUCTION else "")
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"  # a read per request spared
SESSION_COOKIE_AGE = 60 * 60 * 24 * 30  # players stay logged in through a whole season night
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
DATA_UPLOAD_MAX_NUMBER_FIELDS = 400
if PRODUCTION:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = _flag("SECURE_SSL_REDIRECT", "1")
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = _flag("SECURE_HSTS_INCLUDE_SUBDOMAINS", "1")
    SECURE_HSTS_PRELOAD = _flag("SECURE_HSTS_PRELOAD", "1")

FORWARDED_PROXIES = _whole_number("FORWARDED_PROXIES", "0")

# Failed logins (django-axes, counted in the database so that every worker sees them):
# 5 failures for one username, or from one client address, lock that username or that
# address out for 10 minutes, on the club's login page and the admin's alike. A
# success resets nothing, so logging into one's own account does not clear an
# address's failures. Unlock early: `manage.py axes_reset_username NAME`,
# `manage.py axes_reset_ip ADDRESS`, or delete the rows under "Access attempts" in the admin.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=10)
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_RESET_ON_SUCCESS = False
AXES_CLIENT_IP_CALLABLE = "ledger.accounts.client_address"
AXES_USERNAME_CALLABLE = "ledger.accounts.client_username"
AXES_LOCKOUT_CALLABLE = "ledger.accounts.locked_out"
AXES_VERBOSE = False

# Content-Security-Policy: scripts and styles from our own static files only (no inline
# script, no eval: htmx runs with allowEval off), images ours or inline data.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
        "manifest-src": ["'self'"],
        "worker-src": ["'self'"],
    }
}

# Games a player needs to be listed on a leaderboard, until staff set the club's own
# threshold (standings' ClubSetting) or a season's.
STANDINGS_MIN_GAMES = 5
CLUB_NAME = os.environ.get("CLUB_NAME", "")  # printed on the standings sheet

# Background work (standings and ratings rebuilt off the request): queued in the
# database, run by `manage.py db_worker` (``make run`` starts one).
TASKS = {
    "default": {
        "BACKEND": os.environ.get("TASKS_BACKEND", "django_tasks_db.DatabaseBackend"),
        "QUEUES": ["default"],
    }
}

# Every server error goes to standard error with its traceback, and by mail to ADMINS.
ADMINS = getaddresses([os.environ.get("ADMINS", "")]) if os.environ.get("ADMINS") else []
SERVER_EMAIL = os.environ.get("SERVER_EMAIL", "ledger@localhost")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", SERVER_EMAIL)
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = _whole_number("EMAIL_PORT", "25")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"}},
    "filters": {"not_debug": {"()": "django.utils.log.RequireDebugFalse"}},
    "handlers": {
        "stderr": {"class": "logging.StreamHandler", "formatter": "plain"},
        "mail_admins": {
            "class": "django.utils.log.AdminEmailHandler",
            "level": "ERROR",
            "filters": ["not_debug"],
        },
    },
    "loggers": {
        "django.request": {
            "handlers": ["stderr", "mail_admins"],
            "level": "ERROR",
            "propagate": False,  # Django's own "django" logger would mail it a second time
        },
        "ledger": {"handlers": ["stderr", "mail_admins"], "level": "WARNING"},
        "standings": {"handlers": ["stderr", "mail_admins"], "level": "WARNING"},
    },
}
