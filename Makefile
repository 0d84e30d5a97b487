# The README's commands. Everything runs from a virtual environment that these targets create.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
TS     := resources/translations/dedup_gui_zh_CN.ts
QM     := $(TS:.ts=.qm)

.PHONY: run test lint bench bench-quick screenshots package translations demo clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,bench,dev]'
	touch $(STAMP)

run: $(STAMP) $(QM)
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
	$(PY) -m devtools.synth --demo resources/demo.xlsx

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache

screenshots: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) scripts/screenshots.py $(FILE)

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
