# The README's commands. Everything runs from a virtual environment that these targets create.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp

.PHONY: run test lint bench bench-quick screenshots package translations demo clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,bench,dev]'
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m dedup_gui $(FILE)

test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q

lint: $(STAMP)
	$(PY) -m ruff check dedup_gui tests benchmarks

bench: $(STAMP)
	$(PY) -m benchmarks.run $(ARGS)

bench-quick: $(STAMP)
	$(PY) -m benchmarks.run --quick

demo: $(STAMP)
	$(PY) -m dedup_gui.core.synth --demo resources/demo.xlsx

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache

screenshots: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) scripts/screenshots.py $(FILE)
