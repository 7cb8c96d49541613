"""Settings of the ledger, read from environment variables with safe defaults.

DATABASE_URL      database (default: SQLite file db.sqlite3 beside manage.py)
SECRET_KEY        signing key (required in production; a development key otherwise)
DEBUG             "1"/"true" to enable debug pages (default: off)
ALLOWED_HOSTS     comma-separated host names (default: localhost names)
DJANGO_PRODUCTION "1" behind HTTPS: secure cookies, HSTS, redirect to HTTPS
SECURE_COOKIES    "1" to send cookies over HTTPS only (on in production)
FORWARDED_PROXIES how many proxies in front add to X-Forwarded-For (default: 1 in
                  production, 0 otherwise); the client address is the one the
                  outermost of them saw, for the limit on failed logins
"""

from __future__ import annotations

import os
import warnings
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
    "ledger",
    "standings",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "ledger.urls"
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
    DATABASES["default"]["OPTIONS"] = {"transaction_mode": "IMMEDIATE", "timeout": 20}
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
STATICFILES_DIRS = [BASE_DIR / "static"]
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

FORWARDED_PROXIES = _whole_number("FORWARDED_PROXIES", "1" if PRODUCTION else "0")
LOGIN_ATTEMPTS = 5  # failed logins per client address ...
LOGIN_WINDOW_SECONDS = 600  # ... within this many seconds, then refused until it passes
