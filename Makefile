# The README's commands. Everything runs from a virtual environment that these targets create.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
TS     := resources/translations/dedup_gui_zh_CN.ts
QM     := $(TS:.ts=.qm)

.PHONY: bytecode run test lint check bench bench-quick bench-stages eval screenshots package wheel-selftest translations demo readme-numbers readme-screenshot clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,bench,dev]'
	touch $(STAMP)

# Bytecode for the source checkout, as `pip install .` leaves it (a start without it compiles every module: ~55 ms).
# (benchmarks/wholejob.py, which make bench runs, compiles it itself.)
bytecode: $(STAMP)
	$(PY) -m compileall -q dedup_gui

# FILE may contain spaces: make run FILE="my articles.xlsx"
run: $(STAMP) $(QM) bytecode
	$(PY) -m dedup_gui $(if $(FILE),"$(FILE)")

test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q

CODE := dedup_gui tests benchmarks devtools scripts packaging resources

lint: $(STAMP)
	$(PY) -m ruff check $(CODE)

# What a reviewer expects to pass: lint, formatting, types in the engine, and core never importing the GUI or Qt.
check: $(STAMP)
	$(PY) -m ruff check $(CODE)
	$(PY) -m ruff format --check $(CODE)
	$(PY) -m mypy
	$(VENV)/bin/lint-imports

# The whole job against peers (benchmarks/wholejob.py): each contestant a fresh process from start to cleaned file.
# Long (hours on 2 cores): 4k and 100k articles, 100k and 1M short texts. ARGS e.g. "--inputs articles:4000 --readme".
bench: $(STAMP)
	$(PY) -m benchmarks.wholejob $(ARGS)

bench-quick: $(STAMP)
	$(PY) -m benchmarks.wholejob --quick $(ARGS)

# Per-stage timings in one process, workbook reading/writing and the GUI heartbeat (benchmarks/run.py).
bench-stages: $(STAMP)
	$(PY) -m benchmarks.run $(ARGS)

# Quality on real text (../shared/eval/raw, read in place): make eval ARGS="--sets sina-reposts --set ngram.threshold=0.6"
eval: $(STAMP)
	$(PY) -m benchmarks.eval_real $(ARGS)

demo: $(STAMP)
	$(PY) -m devtools.synth --demo resources/demo.xlsx

# The demo figures quoted in README.md, from a fresh run of the demo (tests/test_readme.py checks them).
readme-numbers: $(STAMP)
	$(PY) -m devtools.readme_numbers
	$(PY) -m devtools.algorithms_table

# The README's screenshot: the demo, a repost compared with its original (needs a CJK font, see README).
readme-screenshot: $(STAMP) $(QM)
	QT_QPA_PLATFORM=offscreen $(PY) scripts/screenshots.py
	cp screenshots/03_cluster_compared.png resources/screenshots/main.png

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache

screenshots: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) scripts/screenshots.py $(if $(FILE),"$(FILE)")

# Interface translations (resources/translations). Qt's lupdate and lrelease ship in PySide6-Essentials.
$(QM): $(TS) $(STAMP)
	$(VENV)/bin/pyside6-lrelease -silent $(TS) -qm $(QM)

# Extract every tr()/translate() string from the code into the .ts (new ones arrive "unfinished"), then compile.
translations: $(STAMP)
	$(VENV)/bin/pyside6-lupdate -silent -locations none -no-obsolete $$(find dedup_gui -name '*.py' | sort) -ts $(TS)
	$(VENV)/bin/pyside6-lrelease -silent $(TS) -qm $(QM)

# The one-folder application in dist/dedup-gui/ (packaging/dedup_gui.spec), proven complete by its selftest.
PACKAGE_STAMP := $(VENV)/.package-stamp

$(PACKAGE_STAMP): pyproject.toml $(STAMP)
	$(PY) -m pip install --quiet -e '.[package]'
	touch $@

package: $(PACKAGE_STAMP) $(QM)
	$(PY) -m PyInstaller --noconfirm --clean --log-level WARN --distpath dist --workpath build/pyinstaller \
		packaging/dedup_gui.spec
	QT_QPA_PLATFORM=offscreen dist/dedup-gui/dedup-gui --selftest

# What `pip install .` gives a user: the wheel, installed in a fresh virtual environment (no editable link to
# this checkout), must find its resources inside site-packages and pass the selftest.
WHEEL_VENV := build/wheel-venv

wheel-selftest: $(STAMP) $(QM)
	rm -rf dist/wheel $(WHEEL_VENV)
	$(PY) -m pip wheel --quiet --no-deps --wheel-dir dist/wheel .
	$(PYTHON) -m venv $(WHEEL_VENV)
	$(WHEEL_VENV)/bin/python -m pip install --quiet dist/wheel/dedup_gui-*.whl
	cd $(WHEEL_VENV) && { QT_QPA_PLATFORM=offscreen bin/dedup-gui --selftest >selftest.txt; s=$$?; cat selftest.txt; exit $$s; }
	grep -q "site-packages/dedup_gui/resources" $(WHEEL_VENV)/selftest.txt
