"""Developer tools that never ship with the application: the synthetic corpus generator (``devtools.synth``) used by
the tests, the benchmarks, the screenshot script and ``make demo``. Import it from the repository root."""
